import { createHash } from 'node:crypto';
import { and, eq, getTableName, notExists, notInArray, sql } from 'drizzle-orm';
import {
  ioTypeCodes,
  ioTypeNames,
  nodeCatalog,
  nodeKinds,
  paramTypeCodes,
  paramTypeNames,
  valueTypeCodes,
  valueTypeNames,
} from '@flowsmith/shared';
import type { TDb } from './database';
import {
  databaseValueTypes,
  modelPrices,
  nodes,
  nodeInputTypes,
  nodeOutputTypes,
  nodeTypeParams,
  nodeTypeParamTypes,
  nodeTypes,
  subscriptionPlans,
} from './schema/index';

const plans = [
  {
    code: 'free',
    name: 'Free',
    description: 'For trying Flowsmith out.',
    priceMonthlyCents: 0,
    priceYearlyCents: 0,
    requestsPerMonth: 1_000,
    maxProjects: 3,
    maxMembers: 3,
    sortOrder: 0,
  },
  {
    code: 'pro',
    name: 'Pro',
    description: 'For people who run workflows every day.',
    priceMonthlyCents: 2_000,
    priceYearlyCents: 20_000,
    requestsPerMonth: 20_000,
    maxProjects: 20,
    maxMembers: 10,
    sortOrder: 1,
  },
  {
    code: 'team',
    name: 'Team',
    description: 'For teams sharing projects; priced per seat.',
    priceMonthlyCents: 5_000,
    priceYearlyCents: 50_000,
    requestsPerMonth: 100_000,
    maxProjects: 100,
    maxMembers: 50,
    sortOrder: 2,
  },
];

// US dollars per million tokens (per image for image models), as published when this was written.
const prices = [
  { model: 'echo', inputPerMillion: 0, outputPerMillion: 0, perImage: 0 },
  { model: 'gpt-4o-mini', inputPerMillion: 0.15, outputPerMillion: 0.6, perImage: 0 },
  { model: 'gpt-4o', inputPerMillion: 2.5, outputPerMillion: 10, perImage: 0 },
  { model: 'gpt-4.1-mini', inputPerMillion: 0.4, outputPerMillion: 1.6, perImage: 0 },
  { model: 'dall-e-3', inputPerMillion: 0, outputPerMillion: 0, perImage: 0.04 },
  { model: 'claude-haiku-4-5', inputPerMillion: 1, outputPerMillion: 5, perImage: 0 },
  { model: 'claude-sonnet-4-5', inputPerMillion: 3, outputPerMillion: 15, perImage: 0 },
];

/** The node kinds of the code's catalog as the rows they become, params included. */
function kindRows() {
  return nodeKinds.map((kind, sortOrder) => {
    const definition = nodeCatalog[kind];
    return {
      kind,
      name: definition.name,
      description: definition.description,
      behaviour: {
        icon: definition.icon,
        color: definition.color,
        category: definition.category,
        isGroup: definition.flags.group,
        runnable: definition.flags.runnable,
        inputs: [...definition.inputs],
        outputs: [...definition.outputs],
        sortOrder,
      },
      params: definition.params.map((param, index) => ({
        name: param.name,
        label: param.label,
        type: param.type,
        required: param.required,
        defaultValue: param.defaultValue,
        options: param.options?.map((option) => option.value) ?? null,
        min: param.min,
        max: param.max,
        description: param.description,
        sortOrder: index,
      })),
    };
  });
}

/**
 * The node kinds of the code's catalog as rows: behaviour is brought up to date on every start,
 * texts only when a row is new, so an administrator's wording survives restarts. Params and kinds
 * the code no longer has are removed (a kind only while no node uses it).
 */
async function seedNodeKinds(tx: TDb, kinds: ReturnType<typeof kindRows>): Promise<void> {
  for (const { kind, name, description, behaviour, params } of kinds) {
    const [row] = await tx
      .insert(nodeTypes)
      .values({ kind, name, description, ...behaviour })
      .onConflictDoUpdate({ target: nodeTypes.kind, set: behaviour })
      .returning({ id: nodeTypes.id });
    const nodeTypeId = row!.id;
    await tx.delete(nodeTypeParams).where(
      and(
        eq(nodeTypeParams.nodeTypeId, nodeTypeId),
        notInArray(
          nodeTypeParams.name,
          params.map((param) => param.name),
        ),
      ),
    );
    if (params.length === 0) continue;
    await tx
      .insert(nodeTypeParams)
      .values(params.map((param) => ({ nodeTypeId, ...param })))
      .onConflictDoUpdate({
        target: [nodeTypeParams.nodeTypeId, nodeTypeParams.name],
        set: {
          type: sql`excluded.type`,
          required: sql`excluded.required`,
          defaultValue: sql`excluded.default_value`,
          options: sql`excluded.options`,
          min: sql`excluded.min`,
          max: sql`excluded.max`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  }
  await tx
    .delete(nodeTypes)
    .where(
      and(
        notInArray(nodeTypes.kind, [...nodeKinds]),
        notExists(tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.type, nodeTypes.kind))),
      ),
    );
}

const typeTables = [
  [nodeTypeParamTypes, paramTypeCodes, paramTypeNames],
  [nodeInputTypes, ioTypeCodes, ioTypeNames],
  [nodeOutputTypes, ioTypeCodes, ioTypeNames],
  [databaseValueTypes, valueTypeCodes, valueTypeNames],
] as const;

/** Everything the seed writes, hashed: equal while the code's catalog, plans and prices are. */
function catalogFingerprint(kinds: ReturnType<typeof kindRows>): string {
  const types = typeTables.map(([, codes, names]) => [codes, names]);
  return createHash('sha256').update(JSON.stringify({ types, kinds, plans, prices })).digest('hex');
}

// The fingerprint of the last seed is kept as the comment of `node_types`: written in the seed's
// transaction, so it never names a catalog that was not stored, and needing no table of its own.
async function seededFingerprint(db: TDb): Promise<string | null> {
  const result = await db.execute(
    sql`select obj_description(${sql.raw(`'${getTableName(nodeTypes)}'`)}::regclass, 'pg_class') as mark`,
  );
  const mark = (result as unknown as { rows: Array<{ mark: string | null }> }).rows[0]?.mark;
  return mark?.startsWith(MARK) ? mark.slice(MARK.length) : null;
}

const MARK = 'catalog ';

/**
 * Writes the built-in catalog (node kinds with their params and handles, the type tables, the
 * subscription plans and the model prices) after the schema migrations. Idempotent: rows an
 * admin added are left alone, texts and prices an admin changed are kept.
 */
export async function seedCatalog(db: TDb): Promise<void> {
  const kinds = kindRows();
  await db.transaction(async (tx) => {
    for (const [table, codes, names] of typeTables) {
      await tx
        .insert(table)
        .values(codes.map((code) => ({ code, name: (names as Record<string, string>)[code]! })))
        .onConflictDoNothing({ target: table.code });
    }
    await seedNodeKinds(tx as unknown as TDb, kinds);
    await tx
      .insert(subscriptionPlans)
      .values(plans)
      .onConflictDoNothing({ target: subscriptionPlans.code });
    await tx.insert(modelPrices).values(prices).onConflictDoNothing({ target: modelPrices.model });
    // A hex digest: nothing to escape in the statement's text.
    await tx.execute(
      sql.raw(
        `comment on table ${getTableName(nodeTypes)} is '${MARK}${catalogFingerprint(kinds)}'`,
      ),
    );
  });
}

/**
 * On start: seeds the catalog unless this code's catalog is the one seeded last, which spares
 * a restart (and a first start from the build's template) a hundred statements. True if it seeded.
 */
export async function seedCatalogIfChanged(db: TDb): Promise<boolean> {
  if ((await seededFingerprint(db)) === catalogFingerprint(kindRows())) return false;
  await seedCatalog(db);
  return true;
}
