export { ConfirmPage as Component } from '../../features/auth/confirm-page';
