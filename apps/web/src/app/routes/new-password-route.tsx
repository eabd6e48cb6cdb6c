export { NewPasswordPage as Component } from '../../features/auth/new-password-page';
