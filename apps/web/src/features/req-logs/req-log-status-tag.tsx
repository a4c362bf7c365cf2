import { Tag } from 'primereact/tag';
import type { TReqLog } from '@flowsmith/shared';

const TAGS = {
  succeeded: { value: 'Succeeded', severity: 'success' },
  failed: { value: 'Failed', severity: 'danger' },
  // Stopped by someone, not broken: neither red nor green.
  cancelled: { value: 'Cancelled', severity: 'secondary' },
} as const;

export function ReqLogStatusTag({ status }: { status: TReqLog['status'] }) {
  return <Tag {...TAGS[status]} />;
}
