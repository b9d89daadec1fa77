import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE_PATTERNS } from '@steward/contract/dashboard-routes';
import { routes } from '../router.tsx';

/** Every path the router declares, as a full pattern ('/', '/history/page/:page', …). */
function pathsOf(children: RouteObject[], parent: string): string[] {
  return children.flatMap((route) => {
    const own = route.index ? parent : route.path === undefined ? undefined : route.path.startsWith('/') ? route.path : `${parent === '/' ? '' : parent}/${route.path}`;
    const below = route.children ? pathsOf(route.children, own ?? parent) : [];
    return [...(own !== undefined && (route.index || route.element || route.lazy || route.Component) && !route.children ? [own] : []), ...below];
  });
}

describe('the route table', () => {
  it('is the contract\'s DASHBOARD_ROUTE_PATTERNS, which the server answers 200 (and any other path 404)', () => {
    expect(new Set(pathsOf(routes, '/'))).toEqual(new Set(DASHBOARD_ROUTE_PATTERNS));
  });
});
