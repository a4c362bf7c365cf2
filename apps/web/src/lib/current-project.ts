import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { TProject } from '@flowsmith/shared';
import { useCurrentUser } from './auth';

/*
 * The project the user works in, shared by every screen that works inside one: the one the URL
 * names, else the one they used last, else (where a screen always shows one) the first.
 *
 * "Last used" is kept in this browser's localStorage under the user's id, not on the server: it
 * is a convenience that needs no migration or API, never leaks between people sharing a browser,
 * and is checked against the user's current projects, so a project they lost access to is
 * simply skipped.
 */
const storageKey = (userId: string) => `flowsmith.current-project.${userId}`;

function rememberedProjectId(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function rememberProject(userId: string, projectId: string): void {
  try {
    localStorage.setItem(storageKey(userId), projectId);
  } catch {
    // Storage full or blocked: the URL still carries the project.
  }
}

/** Which project a screen shows; `null` when it has none to show. */
export function resolveCurrentProject(
  projects: readonly TProject[],
  fromUrl: string | null,
  remembered: string | null,
  orFirst: boolean,
): TProject | null {
  const find = (id: string | null) =>
    id ? projects.find((project) => project.id === id) : undefined;
  const named = find(fromUrl);
  if (named) return named;
  // A screen without a "not found" state shows the next best instead of a project it cannot.
  if (fromUrl && !orFirst) return null;
  return find(remembered) ?? (orFirst ? (projects[0] ?? null) : null);
}

type TCurrentProjectOptions = {
  /**
   * Show the first project when neither the URL nor the memory names one the user has (a
   * screen without it says "not found" for an unknown one in the URL, or asks to choose).
   */
  orFirst: boolean;
};

/**
 * The current project among `projects`, kept in the URL (`?projectId=`) and remembered for the
 * user. A URL without a project gets the resolved one without a new history entry, so links
 * and reloads keep it; a URL naming an unknown project is left for the screen to explain.
 */
export function useCurrentProject(
  projects: readonly TProject[],
  { orFirst }: TCurrentProjectOptions,
): TProject | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = useCurrentUser()?.id ?? null;
  const fromUrl = searchParams.get('projectId');
  const project = resolveCurrentProject(
    projects,
    fromUrl,
    userId ? rememberedProjectId(userId) : null,
    orFirst,
  );
  const projectId = project?.id ?? null;

  useEffect(() => {
    if (!projectId) return;
    if (userId) rememberProject(userId, projectId);
    if (!fromUrl)
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('projectId', projectId);
          return next;
        },
        { replace: true },
      );
  }, [projectId, userId, fromUrl, setSearchParams]);

  return project;
}
