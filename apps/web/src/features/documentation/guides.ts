import api from './guides/api.md?raw';
import buildingWorkflows from './guides/building-workflows.md?raw';
import customAis from './guides/custom-ais.md?raw';
import databases from './guides/databases.md?raw';
import gettingStarted from './guides/getting-started.md?raw';
import requestLog from './guides/request-log.md?raw';
import runningWorkflows from './guides/running-workflows.md?raw';
import selfHosting from './guides/self-hosting.md?raw';
import subscriptions from './guides/subscriptions.md?raw';

export type TGuide = { slug: string; title: string; summary: string; body: string };

/** The guides, in reading order; each is Markdown in `guides/`. */
export const guides: readonly TGuide[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    summary: 'From a new account to a first streamed answer.',
    body: gettingStarted,
  },
  {
    slug: 'building-workflows',
    title: 'Building workflows',
    summary: 'Nodes, connections, prompt templates, groups and editing.',
    body: buildingWorkflows,
  },
  {
    slug: 'running-workflows',
    title: 'Running and reading runs',
    summary: 'Starting runs, node states, streaming, cancelling and the run history.',
    body: runningWorkflows,
  },
  {
    slug: 'custom-ais',
    title: 'Custom AIs and tools',
    summary: 'Assistants with their own instructions that call your workflows.',
    body: customAis,
  },
  {
    slug: 'databases',
    title: 'Databases and import formats',
    summary: 'Typed values, CSV and JSON imports, and export.',
    body: databases,
  },
  {
    slug: 'request-log',
    title: 'Request log and costs',
    summary: 'Every model call with its tokens, cost and outcome.',
    body: requestLog,
  },
  {
    slug: 'subscriptions',
    title: 'Subscriptions',
    summary: 'Plans, quotas and your usage.',
    body: subscriptions,
  },
  {
    slug: 'api',
    title: 'API and API keys',
    summary: 'Calling Flowsmith with curl: resources, runs and templates.',
    body: api,
  },
  {
    slug: 'self-hosting',
    title: 'Self-hosting and configuration',
    summary: 'Running your own server and every setting it reads.',
    body: selfHosting,
  },
];

export const guideOf = (slug: string) => guides.find((guide) => guide.slug === slug);
