/**
 * A path against a route as wouter writes it ('/counts/:id'): the same number of segments, each fixed one equal and
 * each ':name' any one non-empty segment. The server's modulepreload lookup (src/http/static.ts) and the UI's
 * first-page preload (ui/src/routes.tsx) match alike.
 */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/')
  const parts = path.split('/')
  return want.length === parts.length && want.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i]))
}
