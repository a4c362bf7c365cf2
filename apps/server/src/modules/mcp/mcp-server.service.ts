import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import { version } from '../../version';
import { projectAccess } from '../projects/project-access';
import {
  checkPublishedInputs,
  loadPublishedGroup,
  startPublishedRun,
  type TPublishedGroup,
} from '../publishing/published-groups';
import { toolSlug, workflowInputsSchema } from '../runs/workflow-arguments';
import { publishedGroupIds } from './mcp-server.repo';

const RUN_WAIT_MS = 5 * 60_000;

type TMcpServerDeps = { db: TDb; jobs: TRunJobs };

/** The project's published groups by tool name, in a stable order. */
async function publishedTools(db: TDb, projectId: string) {
  const tools = new Map<string, TPublishedGroup>();
  for (const groupId of await publishedGroupIds(db, projectId)) {
    const published = await loadPublishedGroup(db, groupId);
    if (!published) continue;
    let name = toolSlug(published.name);
    for (let n = 2; tools.has(name); n++) name = `${toolSlug(published.name)}_${n}`;
    tools.set(name, published);
  }
  return tools;
}

const describeTool = (name: string, published: TPublishedGroup): Tool => ({
  name,
  title: published.name,
  description: `Runs the workflow "${published.name}" (version ${published.version.number}) and returns its outputs: ${published.outputs.map((o) => o.name).join(', ') || 'none'}.`,
  inputSchema: z.toJSONSchema(workflowInputsSchema(published.inputs)) as Tool['inputSchema'],
});

/**
 * A JSON-RPC error for the client. Not an `McpError`, whose message already carries the
 * "MCP error -32602:" that the client's own `McpError` adds again.
 */
const mcpError = (code: ErrorCode, message: string) => Object.assign(new Error(message), { code });

/** An error of the call's arguments or of starting its run, as MCP clients read it. */
function toMcpError(error: unknown): never {
  if (error instanceof AppError && error.code === 'validation_error') {
    const fields = (error.details ?? []).map((d) => `${d.field}: ${d.message}`).join('; ');
    throw mcpError(ErrorCode.InvalidParams, fields || error.message);
  }
  if (error instanceof AppError) throw mcpError(ErrorCode.InvalidRequest, error.message);
  throw error;
}

/** Runs a published group with the call's arguments and answers with its outputs. */
async function callTool(
  deps: TMcpServerDeps,
  user: TUser,
  published: TPublishedGroup,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const run = await Promise.resolve()
    .then(() => checkPublishedInputs(published, args, 'arguments'))
    .then(() =>
      startPublishedRun(deps.db, deps.jobs.queue, published, { userId: user.id, inputs: args }),
    )
    .catch(toMcpError);
  const finished = await deps.jobs.executor.waitFor(run.id, RUN_WAIT_MS);
  if (finished?.status !== 'succeeded') {
    const why = finished ? (finished.error ?? `The run ended ${finished.status}`) : 'Still running';
    return { isError: true, content: [{ type: 'text', text: `${why} (run ${run.id})` }] };
  }
  const outputs = (finished.outputs ?? {}) as Record<string, unknown>;
  return {
    content: [{ type: 'text', text: JSON.stringify(outputs) }],
    structuredContent: outputs,
  };
}

/**
 * A project's MCP server: its published groups as tools (arguments from the group's inputs),
 * each call a run of the published version as the caller. Editors and owners only: a call runs
 * workflows and counts against the project's quota.
 */
export async function projectMcpServer(deps: TMcpServerDeps, user: TUser, projectId: string) {
  await projectAccess.require(deps.db, user, projectId, 'editor');
  const server = new Server(
    { name: 'flowsmith', version },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...(await publishedTools(deps.db, projectId))].map(([name, p]) =>
      describeTool(name, p),
    ),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const published = (await publishedTools(deps.db, projectId)).get(request.params.name);
    if (!published)
      throw mcpError(ErrorCode.InvalidParams, `No published workflow ${request.params.name}`);
    return callTool(deps, user, published, request.params.arguments ?? {});
  });
  return server;
}

/**
 * Answers one MCP request over Streamable HTTP, stateless (no session: every request stands
 * alone, so any server process can take it) and as plain JSON.
 */
export async function answerMcp(
  server: Server,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
) {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
