/** The simulated game's console: a dev/demo tool outside the spec's route list. */
export { SimulatorPage } from '../features/simulator/simulator-page';
