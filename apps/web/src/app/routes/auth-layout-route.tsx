export { AuthLayout as Component } from '../../features/auth/auth-layout';
