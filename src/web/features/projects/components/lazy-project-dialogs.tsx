import { Plus } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { Button } from '@/web/components/ui/button';

/**
 * The project dialogs (New, Edit, Delete) with their form, attachments and plan-progress code are
 * fetched when first wanted, not with the screens that offer them: the Portfolio and a project's page
 * draw without waiting for code nobody has asked for yet.
 */
const loadDialogs = () => import('./project-dialogs');
const NewDialog = lazy(async () => ({ default: (await loadDialogs()).NewProjectDialog }));
const EditDialog = lazy(async () => ({ default: (await loadDialogs()).EditProjectDialog }));
const DeleteDialog = lazy(async () => ({ default: (await loadDialogs()).DeleteProjectDialog }));

/**
 * New Project: a plain button until it is first pressed (its dialog's code is fetched as soon as the
 * pointer or the focus reaches it), then the dialog, opened, with its own button in the same place.
 */
export function NewProjectButton({
  label = 'New Project',
  size,
}: {
  label?: string;
  size?: ComponentProps<typeof Button>['size'];
}) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <Button
      size={size}
      onPointerEnter={() => void loadDialogs()}
      onFocus={() => void loadDialogs()}
      onClick={() => setWanted(true)}
    >
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NewDialog defaultOpen label={label} size={size} />
    </Suspense>
  );
}

/** Edit Project, fetched when first opened; mount it only while open. */
export function EditProjectDialog(props: ComponentProps<typeof EditDialog>) {
  return (
    <Suspense fallback={null}>
      <EditDialog {...props} />
    </Suspense>
  );
}

/** Delete Project, fetched when first opened; mount it only while open. */
export function DeleteProjectDialog(props: ComponentProps<typeof DeleteDialog>) {
  return (
    <Suspense fallback={null}>
      <DeleteDialog {...props} />
    </Suspense>
  );
}
