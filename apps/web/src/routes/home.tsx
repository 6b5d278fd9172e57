export { HomePage } from '../features/events/home-page';
