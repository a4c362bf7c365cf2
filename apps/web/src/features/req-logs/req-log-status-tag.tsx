import { Tag } from 'primereact/tag';
import type { TReqLog } from '@flowsmith/shared';

export function ReqLogStatusTag({ status }: { status: TReqLog['status'] }) {
  return status === 'succeeded' ? (
    <Tag value="Succeeded" severity="success" />
  ) : (
    <Tag value="Failed" severity="danger" />
  );
}
