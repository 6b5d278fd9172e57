/** Pages of the World Championship Finals and the Town Hall Cup (one lazy chunk). */

export { TownHallCupPage } from '../features/finals/town-hall-cup-page';
export { WorldFinalsPage } from '../features/finals/world-finals-page';
export { townHallCupIndexLoader, townHallCupLoader, worldFinalsLoader } from './finals-loaders';
