import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findInSource, findLiteralApiPaths } from './literal-api-paths.ts';

describe('API paths in the web app', () => {
  it('are never written by hand in a feature', () => {
    const features = process.env.LITERAL_PATHS_DIR ?? join(import.meta.dirname, '../src/features');
    const found = findLiteralApiPaths(features).map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(found).toEqual([]);
  });

  it('finds the ways a path gets written', () => {
    const source = [
      "apiClient.request('identity/users', { schema });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'apiClient.request(`reservations/${id}/confirm`, { method: "POST" });',
      "fetch('/api/products');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const url = `/workspaces/${id}`;',
      "apiClient.download(path, 'x.pdf');",
      "const key = ['products', 'list'];",
      'api(endpoints.getUser, { params: { id } });',
    ].join('\n');
    expect(findInSource('users/api/x.ts', source).map(({ line, text }) => `${line} ${text}`)).toEqual([
      '1 apiClient.request',
      '1 identity/users',
      '2 apiClient.request',
      '2 reservations/',
      '3 /api/products',
      '4 /workspaces/',
      '5 apiClient.download',
    ]);
  });

  it('lets a screen name its own route, but not the API prefix', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    const source = "navigate('/pages/new');\nfetch(`/api/pages/${id}`);";
    expect(findInSource('content/components/x.tsx', source).map(({ line, text }) => `${line} ${text}`)).toEqual([
      '2 /api/pages/',
    ]);
  });
});
