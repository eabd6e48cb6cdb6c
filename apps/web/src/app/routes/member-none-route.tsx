export { MemberNonePage as Component } from '../../features/member/member-none-page';
