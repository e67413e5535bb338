import { FileSpreadsheet, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { contactPaths } from '@/contracts/contacts';
import type { ContactImportDto, ContactImportMapping } from '@/contracts/contacts-import';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCommitContactImport, usePreviewContactImport } from '../api/import-contacts';
import { ImportMapping } from './import-mapping';
import { ImportPreview } from './import-preview';

const ACCEPT =
  '.csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Import Contacts: pick a CSV or .xlsx file; the server guesses its columns and previews the
 * result (nothing is written); the columns can be changed, which previews again; Import creates
 * the new contacts in one go.
 */
export function ImportContactsDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ContactImportDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewImport = usePreviewContactImport();
  const commitImport = useCommitContactImport();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = previewImport.isPending || commitImport.isPending;

  const reset = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
    previewImport.reset();
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const runPreview = (picked: File, mapping?: ContactImportMapping) => {
    setProblem(null);
    previewImport.mutate(
      { file: picked, mapping },
      {
        onSuccess: setPreview,
        onError: (error) => {
          setPreview(null);
          setProblem(serverMessage(error) ?? 'The file could not be read. Please try again.');
        },
      },
    );
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    setFile(picked);
    runPreview(picked);
  };

  const onImport = () => {
    if (!file || !preview) return;
    commitImport.mutate(
      { file, mapping: preview.mapping },
      {
        onSuccess: (result) => {
          close();
          const { created, duplicate, invalid } = result.summary;
          toast({
            title: 'Contacts imported',
            description: `${plural(created, 'contact', 'contacts')} created; ${plural(duplicate, 'duplicate', 'duplicates')} and ${plural(invalid, 'invalid row', 'invalid rows')} skipped.`,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Import failed',
            description: serverMessage(error) ?? 'Nothing was imported. Please try again.',
          }),
      },
    );
  };

  const toCreate = preview?.summary.new ?? 0;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : busy ? undefined : close())}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Contacts</DialogTitle>
          <DialogDescription>
            A CSV file or an Excel workbook (.xlsx) with the column names in its first row. Nothing is saved
            until you import.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={inputId}>Contact list file</Label>
          {/* The input itself is hidden: it would still read "No file chosen" once the file is read. */}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPT}
            onChange={onPick}
            disabled={busy}
            className="sr-only"
          />
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <Button variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
              <FileSpreadsheet aria-hidden="true" />
              {file ? 'Choose another file' : 'Choose a file'}
            </Button>
            {file && <span className="min-w-0 truncate text-sm font-medium">{file.name}</span>}
          </div>
          {!file && (
            <p className="text-sm text-muted-foreground">
              Columns such as Name, Company, Email, Phone, Type, Trade and License are recognised.{' '}
              <a href={contactPaths.exportCsv} download className="font-medium text-primary hover:underline">
                Export your contacts
              </a>{' '}
              for an example.
            </p>
          )}
        </div>

        {problem && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {problem}
          </p>
        )}

        {previewImport.isPending && !preview && (
          <div className="flex justify-center py-6">
            <Spinner label="Reading the file" />
          </div>
        )}

        {file && preview && (
          <div className="grid gap-5">
            <ImportMapping
              columns={preview.columns}
              mapping={preview.mapping}
              disabled={busy}
              onChange={(mapping) => runPreview(file, mapping)}
            />
            <div
              aria-busy={previewImport.isPending}
              className={previewImport.isPending ? 'opacity-60' : undefined}
            >
              <ImportPreview preview={preview} />
            </div>
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onImport} disabled={busy || toCreate === 0}>
            {commitImport.isPending ? 'Importing...' : `Import ${plural(toCreate, 'contact', 'contacts')}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
