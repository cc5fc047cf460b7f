import { prepareEmbeddedImage } from './client.js';

/** `npm run build`: makes the embedded database's prepared image now, so a fresh data directory starts fast. */
await prepareEmbeddedImage();
