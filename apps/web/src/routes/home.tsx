export { HomePage } from '../features/events/home-page';
export { homeLoader } from './home-loader';
