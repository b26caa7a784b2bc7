// Admin tab "Projets" (spec §2 hub, §3 Project, §5 project form): list view and form view
// (`?new`, `?edit=<id>`), create / update / delete through the shared ProjectSchema.
import { useEffect } from 'react'
import { Form } from 'react-router'
import type { Route } from './+types/projects'
import { PROJECT_DELETE_QUESTION, ProjectSchema } from '#app/domain/project.ts'
import type { Project } from '#app/domain/types.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
} from '#app/server/admin-actions.server.ts'
import type { FormFailure } from '#app/server/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  countProjects,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from '#app/server/repositories/projects.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import {
  CheckboxField,
  FieldGrid,
  initialValue,
  TextAreaField,
  TextField,
} from '#app/ui/admin/fields.tsx'
import { asList, ListInput, listError } from '#app/ui/admin/list-input.tsx'
import {
  AddButton,
  CancelLink,
  EditLink,
  EmptyState,
  FormActions,
  FormPanel,
  ItemList,
  ItemRow,
  TabHeader,
} from '#app/ui/admin/list.tsx'
import {
  DRAFT_KEY_PREFIX,
  forgetSavedCopies,
  MarkdownEditor,
} from '#app/ui/admin/markdown-editor.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'
import { MediaPickerButtons, MediaUrlField } from '#app/ui/admin/media-url-field.tsx'

export function meta() {
  return [{ title: 'Projets — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const view = await loadCrudView(request, {
    get: getProject,
    list: listProjects,
    missing: 'Projet introuvable',
  })
  // Spec §5: a new project's order defaults to the count + 1.
  const nextOrder = view.item?.order ?? (view.mode === 'create' ? (await countProjects()) + 1 : 0)
  return { ...view, nextOrder }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/projects',
    resourceType: 'project',
    nameOf: (p: Project) => p.title,
    // An unticked box and an emptied list are absent from the form: they mean false / [].
    formDefaults: { featured: false, tags: [], images: [] },
    get: getProject,
    create: createProject,
    update: updateProject,
    remove: deleteProject,
    messages: {
      created: 'Projet ajouté avec succès',
      updated: 'Projet mis à jour avec succès',
      deleted: 'Projet supprimé avec succès',
      missing: "Ce projet n'existe plus.",
    },
  })
  return result ?? unknownIntent(form.intent)
}

export default function ProjectsTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') return <ProjectList projects={loaderData.items} />
  return (
    <ProjectForm
      key={loaderData.item ? `${loaderData.item.id}:${loaderData.item.updatedAt ?? ''}` : 'new'}
      project={loaderData.item}
      nextOrder={loaderData.nextOrder}
      failure={actionData}
    />
  )
}

function ProjectList({ projects }: { projects: Project[] }) {
  // Issue 12: a browser copy equal to a saved text is no longer unsaved work.
  useEffect(() => {
    forgetSavedCopies(
      'projects',
      projects.map((project) => project.content),
    )
  }, [projects])
  return (
    <section>
      <TabHeader title="Projets">
        <AddButton label="Nouveau projet" />
      </TabHeader>
      {projects.length === 0 ? (
        <EmptyState>Aucun projet pour le moment. Ajoutez votre premier projet.</EmptyState>
      ) : (
        <ItemList label="Liste des projets">
          {projects.map((project) => (
            <ItemRow
              key={project.id}
              actions={
                <>
                  <EditLink id={project.id} itemName={project.title} />
                  <ConfirmDelete
                    id={project.id}
                    itemName={project.title}
                    question={PROJECT_DELETE_QUESTION}
                  />
                </>
              }
            >
              <div className="flex items-center gap-3">
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
                    Ordre {project.order}
                    {project.tags.length > 0 ? ` · ${project.tags.join(', ')}` : ''}
                  </p>
                </div>
              </div>
            </ItemRow>
          ))}
        </ItemList>
      )}
    </section>
  )
}

function ProjectForm({
  project,
  nextOrder,
  failure,
}: {
  project: Project | null
  nextOrder: number
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(ProjectSchema, failure?.fieldErrors)
  // After a failed save the form shows what the admin typed, otherwise the stored item.
  const typed = failure?.values
  const v = (key: keyof Project, stored: unknown) => initialValue(typed, key, stored)
  const editing = project !== null
  return (
    <FormPanel title={editing ? 'Modifier le projet' : 'Nouveau projet'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={project.id} /> : null}
        <FieldGrid>
          <TextField
            name="title"
            label="Titre"
            required
            defaultValue={v('title', project?.title ?? '')}
            error={errors.title}
          />
          <MediaUrlField
            kind="image"
            name="thumbnail"
            label="Miniature (URL)"
            required
            defaultValue={v('thumbnail', project?.thumbnail ?? '')}
            error={errors.thumbnail}
          />
          <TextField
            name="url"
            label="Lien du projet (URL, facultatif)"
            type="url"
            defaultValue={v('url', project?.url ?? '')}
            error={errors.url}
          />
          <TextField
            name="order"
            label="Ordre"
            type="number"
            inputMode="numeric"
            step={1}
            defaultValue={v('order', project?.order ?? nextOrder)}
            error={errors.order}
          />
        </FieldGrid>
        <TextAreaField
          name="description"
          label="Description"
          required
          rows={3}
          defaultValue={v('description', project?.description ?? '')}
          error={errors.description}
        />
        <MarkdownEditor
          name="content"
          label="Contenu"
          hint="Markdown : **gras**, _italique_, ## titre, [lien](https://…), listes, > citation, ```code```, ![image](https://…)."
          defaultValue={v('content', project?.content ?? '')}
          savedValue={project?.content ?? ''}
          storageKey={`${DRAFT_KEY_PREFIX}projects:${project?.id ?? 'nouveau'}`}
          error={errors.content}
        />
        <ListInput
          name="tags"
          label="Tags"
          inputLabel="Nouveau tag"
          addLabel="Ajouter le tag"
          initial={typed ? asList(typed.tags) : (project?.tags ?? [])}
          error={listError(errors, 'tags')}
        />
        <ListInput
          name="images"
          label="Images (URL)"
          inputLabel="Nouvelle image (URL)"
          addLabel="Ajouter l'image"
          type="url"
          initial={typed ? asList(typed.images) : (project?.images ?? [])}
          error={listError(errors, 'images')}
        />
        <MediaPickerButtons targetId="field-images" label="Images (URL)" kind="image" />
        <CheckboxField
          name="featured"
          label="Projet en vedette (affiché sur l'accueil)"
          defaultChecked={typed ? typed.featured !== undefined : (project?.featured ?? false)}
          error={errors.featured}
        />
        <FormActions>
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
