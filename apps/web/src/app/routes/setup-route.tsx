export { SetupPage as Component } from '../../features/setup/setup-page';
