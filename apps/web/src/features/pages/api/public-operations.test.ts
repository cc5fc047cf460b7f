import { describe, expect, it } from 'vitest';
import { publicOperations } from './pages';

describe('publicOperations', () => {
  it('lists only the public API’s operations, grouped by their first tag, in the document’s order', () => {
    const groups = publicOperations({
      paths: {
        '/api/private/v1/apps': { get: { tags: ['apps'], summary: 'private' } },
        '/api/v1/apps': {
          get: { tags: ['apps', 'extra'], summary: 'List apps', operationId: 'listApps', 'x-credits': 1 },
          post: { tags: ['apps'], description: 'Add an app' },
          parameters: [],
        },
        '/api/v1/ranks': { get: { summary: 'Ranks' } },
        '/api/v1/broken': null,
      },
    });
    expect([...groups]).toEqual([
      [
        'apps',
        [
          { method: 'get', path: '/api/v1/apps', summary: 'List apps', credits: 1, operationId: 'listApps' },
          { method: 'post', path: '/api/v1/apps', summary: 'Add an app', credits: null, operationId: '' },
        ],
      ],
      ['', [{ method: 'get', path: '/api/v1/ranks', summary: 'Ranks', credits: null, operationId: '' }]],
    ]);
  });

  it('answers nothing for a document without paths', () => {
    expect(publicOperations(null).size).toBe(0);
    expect(publicOperations({ paths: 'x' }).size).toBe(0);
  });
});
