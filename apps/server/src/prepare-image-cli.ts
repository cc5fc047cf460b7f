import { prepareEmbeddedImage } from './db/client.js';
import { QUEUES } from './workers.js';

/** `npm run build`: makes the embedded database's prepared image now, so a fresh data directory starts fast. */
await prepareEmbeddedImage(QUEUES);
