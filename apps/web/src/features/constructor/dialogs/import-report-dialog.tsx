import { Button } from 'primereact/button';
import { AppDialog } from '../../../components/dialog/app-dialog';
import type { TGraphProblem } from '@flowsmith/shared';

type TImportReportDialogProps = {
  fileName: string;
  problems: TGraphProblem[];
  onClose: () => void;
};

/** Why a workflow file was not imported: each problem with where in the file it is. */
export function ImportReportDialog({ fileName, problems, onClose }: TImportReportDialogProps) {
  return (
    <AppDialog
      onHide={onClose}
      header="The file was not imported"
      footer={<Button label="Close" onClick={onClose} />}
      className="canvas-dialog"
    >
      <p>
        <strong>{fileName}</strong> has{' '}
        {problems.length === 1 ? 'a problem' : `${problems.length} problems`}; the canvas was left
        unchanged.
      </p>
      <table className="import-report" data-testid="import-report">
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={`${problem.path}-${index}`}>
              <td>
                <code>{problem.path}</code>
              </td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AppDialog>
  );
}
