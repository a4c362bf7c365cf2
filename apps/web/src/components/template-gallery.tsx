import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { starterTemplates } from '@flowsmith/shared';
import { constructorUrl } from '../lib/project-links';
import { canvasKeys } from '../lib/queries/canvas';
import { customAiKeys } from '../lib/queries/custom-ais';
import { databaseKeys } from '../lib/queries/databases';
import { homeApi, homeKeys } from '../lib/queries/home';
import { projectKeys } from '../lib/queries/projects';
import { useNotify } from './toast';

type TTemplateGalleryProps = {
  /** Put the template on this project's canvas; without one, each template makes a project. */
  projectId?: string;
  /** The heading's id, for the region's name. */
  headingId: string;
  title?: string;
};

/**
 * The starter templates, each one click from a canvas that runs: it is created (in a new
 * project, or on the given project's canvas) and the canvas opens.
 */
export function TemplateGallery({
  projectId,
  headingId,
  title = 'Start from a template',
}: TTemplateGalleryProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const apply = useMutation({
    mutationFn: (templateId: string) => homeApi.applyTemplate({ templateId, projectId }),
    onSuccess: async (applied) => {
      const changed = [
        projectKeys.lists(),
        homeKeys.all,
        canvasKeys.graph(applied.projectId),
        databaseKeys.all,
        customAiKeys.all,
      ];
      await Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!projectId) await navigate(constructorUrl(applied.projectId));
    },
    onError: notify.failure('The template could not be created'),
  });

  return (
    <section className="template-gallery" aria-labelledby={headingId}>
      <h2 id={headingId} className="template-gallery__title">
        {title}
      </h2>
      <ul className="template-gallery__list">
        {starterTemplates.map((template) => (
          <li key={template.id}>
            <Button
              className="template-card surface-card"
              text
              disabled={apply.isPending}
              loading={apply.isPending && apply.variables === template.id}
              data-testid={`template-${template.id}`}
              aria-describedby={`${headingId}-${template.id}`}
              onClick={() => apply.mutate(template.id)}
            >
              <i className={`${template.icon} template-card__icon`} aria-hidden="true" />
              <span className="template-card__name">{template.name}</span>
              <span className="template-card__text" id={`${headingId}-${template.id}`}>
                {template.description}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
