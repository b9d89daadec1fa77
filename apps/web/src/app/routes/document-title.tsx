import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useAppInfo } from '../../features/app-info/api/get-app-info.ts';

/** The title a route declares as `handle: { title: 'History' }`. */
const titleOf = (handle: unknown): string | undefined =>
  typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string' ? handle.title : undefined;

/**
 * Sets document.title to "{screen} · {assistant} Owner Dashboard", the screen being the title of the
 * deepest matched route that has one (or `title`, for the error screen).
 */
export function DocumentTitle({ title }: { title?: string }) {
  const matches = useMatches();
  const assistantName = useAppInfo().data?.assistant_name;
  const screen = title ?? matches.map((match) => titleOf(match.handle)).findLast((found) => found !== undefined);
  const product = assistantName ? `${assistantName} Owner Dashboard` : 'Owner Dashboard';
  useEffect(() => {
    document.title = screen ? `${screen} · ${product}` : product;
  }, [screen, product]);
  return null;
}
