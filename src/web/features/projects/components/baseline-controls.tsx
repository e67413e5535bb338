/**
 * The Gantt's baseline controls: which baseline the chart compares with (None, or one of the
 * project's; the default one is preselected when there is one), "Save baseline…" (a name, saved
 * with the current dates of every task) and deleting the chosen baseline.
 */
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { BaselineDto } from '@/contracts/baselines';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useDeleteBaseline } from '../api/delete-baseline';
import { useProjectBaselines } from '../api/get-project-baselines';

const NONE = 'none';

/** The save dialog and its form's code are fetched when first wanted, not with the Gantt. */
const loadSaveDialog = () => import('./save-baseline-dialog');
const SaveBaselineDialog = lazy(async () => ({ default: (await loadSaveDialog()).SaveBaselineDialog }));

/**
 * The baseline the chart compares with: the one chosen, else the project's default. `null` = none
 * (chosen, or the project has no baseline).
 */
export function useBaselineChoice(projectId: number) {
  const baselines = useProjectBaselines(projectId);
  const [chosen, setChosen] = useState<number | 'none' | undefined>(undefined);
  const list = baselines.data ?? [];
  const kept = typeof chosen === 'number' && list.some((b) => b.id === chosen) ? chosen : undefined;
  const fallback = list.find((b) => b.isDefault)?.id ?? null;
  const selectedId = chosen === 'none' ? null : (kept ?? fallback);
  return { baselines: list, selectedId, choose: setChosen };
}

export function BaselineControls({
  projectId,
  baselines,
  selectedId,
  onChoose,
}: {
  projectId: number;
  baselines: readonly BaselineDto[];
  selectedId: number | null;
  onChoose: (id: number | 'none') => void;
}) {
  const [saving, setSaving] = useState(false);
  // Mounted from its first opening on, so that it can close with its own animation.
  const [saveWanted, setSaveWanted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteBaseline = useDeleteBaseline();
  const selected = baselines.find((b) => b.id === selectedId);

  const onDelete = () => {
    if (!selected) return;
    deleteBaseline.mutate(
      { projectId, baselineId: selected.id },
      {
        onSuccess: () => {
          setDeleting(false);
          onChoose('none');
          toast({ title: `Baseline "${selected.name}" deleted` });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The baseline was not deleted',
            description: serverMessage(error) ?? 'Try again in a moment.',
          }),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-baseline-controls="">
      <span className="text-sm text-muted-foreground" id={`baseline-label-${projectId}`}>
        Baseline
      </span>
      <Select
        value={selectedId === null ? NONE : String(selectedId)}
        onValueChange={(value) => onChoose(value === NONE ? 'none' : Number(value))}
      >
        <SelectTrigger
          className="h-9 w-auto min-w-36 max-w-52 sm:max-w-64"
          aria-labelledby={`baseline-label-${projectId}`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>None</SelectItem>
          {baselines.map((b) => (
            <SelectItem key={b.id} value={String(b.id)}>
              {b.name}
              {b.isDefault ? ' (default)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        size="sm"
        variant="outline"
        onPointerEnter={() => void loadSaveDialog()}
        onFocus={() => void loadSaveDialog()}
        onClick={() => {
          setSaveWanted(true);
          setSaving(true);
        }}
      >
        Save baseline…
      </Button>
      {selected && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setDeleting(true)}
          aria-label={`Delete baseline ${selected.name}`}
          title="Delete this baseline"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
      {selected && (
        <span className="text-xs text-muted-foreground">
          Thin grey bars: the baseline dates; +N d late, −N d early (working days).
        </span>
      )}
      {saveWanted && (
        <Suspense fallback={null}>
          <SaveBaselineDialog
            projectId={projectId}
            open={saving}
            onOpenChange={setSaving}
            suggestedName={`Baseline ${baselines.length + 1}`}
            onSaved={(baseline) => onChoose(baseline.id)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete baseline"
        description={`Delete the baseline "${selected?.name ?? ''}"? The tasks keep their dates; only the saved comparison is removed.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteBaseline.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}
