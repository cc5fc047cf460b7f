import { prepareEmbeddedImage } from '../src/db/client.js';
import { QUEUES } from '../src/workers.js';

/** Makes the prepared database image once, before the test files' fresh databases start from it. */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await prepareEmbeddedImage(QUEUES);
}
