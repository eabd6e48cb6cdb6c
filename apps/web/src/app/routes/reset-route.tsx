export { ResetPage as Component } from '../../features/auth/reset-page';
