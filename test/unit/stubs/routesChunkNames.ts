import { routesChunkNames } from './generated';

export default routesChunkNames;
