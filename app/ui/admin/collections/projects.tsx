// The "Projets" collection's list row and form (ADR 064); its declaration (schema, French
// texts, English version) is app/domain/collections/projects.ts (ADR 079).
import { SeoFields } from '../seo-fields.tsx'
import { formatPeriod } from '#app/ui/public/format.ts'
import type { Project } from '#app/domain/types.ts'
import { CheckboxField, FieldGrid, OrderField, TextAreaField, TextField } from '../fields.tsx'
import { ListInput } from '../list-input.tsx'
import { MediaPickerButtons, MediaUrlField } from '../media-url-field.tsx'
import { viewsLabel, type ProjectsData } from '#app/domain/admin-collection.ts'
import { PROJECTS_LIST } from '#app/domain/admin-list.ts'
import { projectsCollection } from '#app/domain/collections/projects.ts'
import { BulkActions, ListFilters, ListPagination, RowCheckbox } from '../list-controls.tsx'
import { defineCollection, type FieldsProps } from './collection.tsx'
import { ContentEditor } from './item-fields.tsx'

export const projects = defineCollection<'projects', ProjectsData>(projectsCollection, {
  // The list's search, filters, pages and bulk action (ADR 099).
  BeforeList: ({ data, failure }) =>
    data.listing ? (
      <>
        <ListFilters
          spec={PROJECTS_LIST}
          query={data.listing.query}
          choices={data.listing.choices}
        />
        <BulkActions spec={PROJECTS_LIST} total={data.listing.total} failure={failure} />
      </>
    ) : null,
  AfterList: ({ data }) => <ListPagination spec={PROJECTS_LIST} listing={data.listing} />,
  Row: ProjectRow,
  Fields: ProjectFields,
})

function ProjectRow({ item: project, data }: { item: Project; data: ProjectsData }) {
  return (
    <div className="flex items-center gap-3">
      <RowCheckbox id={project.id} name={project.title} />
      <img
        src={project.thumbnail}
        alt=""
        className="h-12 w-16 shrink-0 rounded object-cover"
        loading="lazy"
      />
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-zinc-900">
          <span className="truncate">{project.title}</span>
          {project.featured ? (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
              En vedette
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-zinc-600">
          {formatPeriod(project.startDate, project.endDate)} · Ordre {project.order}
          {project.tags.length > 0 ? ` · ${project.tags.join(', ')}` : ''}
          {data.views ? ` · ${viewsLabel(data.views[project.id])}` : ''}
        </p>
      </div>
    </div>
  )
}

function ProjectFields({ item, data, field, list, checked }: FieldsProps<Project, ProjectsData>) {
  return (
    <>
      <FieldGrid>
        <TextField {...field('title', item?.title)} label="Titre" required />
        <MediaUrlField
          {...field('thumbnail', item?.thumbnail)}
          kind="image"
          label="Miniature (URL)"
          required
        />
        <TextField
          {...field('url', item?.url)}
          label="Lien du projet (URL, facultatif)"
          type="url"
        />
        <OrderField {...field('order', item?.order ?? data.nextOrder)} />
        {/* The project's period, month and year (ADR 092). */}
        <TextField
          {...field('startDate', item?.startDate)}
          label="Début (mois et année)"
          type="month"
          hint="Vide : le mois en cours"
        />
        <TextField
          {...field('endDate', item?.endDate)}
          label="Fin (mois et année, facultative)"
          type="month"
          hint="Vide : projet en cours (« depuis … »)"
        />
      </FieldGrid>
      <TextAreaField
        {...field('description', item?.description)}
        label="Description"
        required
        rows={3}
      />
      <ContentEditor field={field} scope="projects" item={item} />
      <ListInput
        {...list('tags', item?.tags)}
        label={data.tagsLabel}
        inputLabel="Nouveau tag"
        addLabel="Ajouter le tag"
      />
      <ListInput
        {...list('images', item?.images)}
        label="Images (URL)"
        inputLabel="Nouvelle image (URL)"
        addLabel="Ajouter l'image"
        type="url"
      />
      <MediaPickerButtons targetId="field-images" label="Images (URL)" kind="image" />
      <CheckboxField
        {...checked('featured', item?.featured)}
        label="Projet en vedette (affiché sur l'accueil)"
      />
      <SeoFields
        field={field}
        stored={item}
        defaults={{ title: 'title', description: 'description', image: 'thumbnail' }}
        path={`/projects/${item?.id ?? '…'}`}
      />
    </>
  )
}
