import { describe, expect, it } from 'vitest';
import type { TProject } from '@flowsmith/shared';
import { resolveCurrentProject } from './current-project';

const project = (id: string) => ({ id, name: id }) as TProject;
const projects = [project('alpha'), project('beta'), project('gamma')];
const idOf = (found: TProject | null) => found?.id ?? null;

describe('resolveCurrentProject', () => {
  it('takes the URL first, then the one last used, then the first where a screen wants one', () => {
    expect(idOf(resolveCurrentProject(projects, 'gamma', 'beta', true))).toBe('gamma');
    expect(idOf(resolveCurrentProject(projects, null, 'beta', true))).toBe('beta');
    expect(idOf(resolveCurrentProject(projects, null, 'beta', false))).toBe('beta');
    expect(idOf(resolveCurrentProject(projects, null, null, true))).toBe('alpha');
    expect(idOf(resolveCurrentProject(projects, null, null, false))).toBe(null);
  });

  it('skips a remembered project the user no longer has', () => {
    expect(idOf(resolveCurrentProject(projects, null, 'gone', true))).toBe('alpha');
    expect(idOf(resolveCurrentProject(projects, null, 'gone', false))).toBe(null);
  });

  it('leaves an unknown project in the URL to a screen that says so', () => {
    expect(idOf(resolveCurrentProject(projects, 'gone', 'beta', false))).toBe(null);
    expect(idOf(resolveCurrentProject(projects, 'gone', 'beta', true))).toBe('beta');
  });
});
