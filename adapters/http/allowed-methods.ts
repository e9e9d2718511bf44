/** A route as Elysia lists it: method and path pattern (`/v1/feedbacks/:key`). */
interface Route {
  readonly method: string;
  readonly path: string;
}

const pattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\/:[^/]+/g, "/[^/]+")
      .replace(/\/\*$/, "/.*")}/?$`,
  );

/**
 * The methods a path answers to, for a 405's `Allow` header (RFC 9110 §15.5.6): empty when no
 * route has the path at all, which is then a 404.
 */
export function allowedMethods(routes: readonly Route[]): (pathname: string) => string[] {
  const compiled = routes.filter((r) => r.method !== "ALL").map((r) => ({ method: r.method, path: pattern(r.path) }));
  return (pathname) => [...new Set(compiled.filter((r) => r.path.test(pathname)).map((r) => r.method))].sort();
}
