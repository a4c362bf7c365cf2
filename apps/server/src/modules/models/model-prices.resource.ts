import { modelPriceSchemas } from '@flowsmith/shared';
import { modelPrices } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';

/** The price table behind the request log's costs: read by all, kept by the admin. */
export const modelPricesResource: TResourceDefinition = {
  name: 'model_prices',
  table: modelPrices,
  scope: { kind: 'catalog' },
  schemas: modelPriceSchemas,
  columns: columnsOf(modelPrices, 'id', 'model', 'createdAt'),
  defaultSort: 'model',
  searchColumns: [modelPrices.model],
  toApi: apiRow,
};
