import { Download, Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type ContactDto, contactPaths } from '@/contracts/contacts';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useContacts } from '../api/get-contacts';
import { ContactCard } from '../components/contact-card';
import { DeleteContactDialog, EditContactDialog, NewContactDialog } from '../components/contact-dialogs';
import { ImportContactsDialog } from '../components/import-dialog';
import { CONTACT_TABS, type ContactTab, filterContacts } from '../lib/filter-contacts';

function ContactGrid({
  contacts,
  onEdit,
  onDelete,
}: {
  contacts: ContactDto[];
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
}) {
  if (contacts.length === 0) {
    return (
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">No contacts found.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Contacts">
      {contacts.map((contact) => (
        <li key={contact.id} className="min-w-0">
          <ContactCard contact={contact} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

/** /contacts: the company's clients, subcontractors, vendors and architects. */
export function ContactsPage() {
  const contacts = useContacts();
  const [tab, setTab] = useState<ContactTab>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ContactDto | null>(null);
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const all = contacts.data ?? [];
  const shown = useMemo(() => filterContacts(contacts.data ?? [], tab, search), [contacts.data, tab, search]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Contacts"
        description="Clients, subcontractors, vendors and architects."
        actions={
          <>
            <ImportContactsDialog />
            <Button variant="outline" asChild>
              <a href={contactPaths.exportCsv} download>
                <Download aria-hidden="true" />
                Export
              </a>
            </Button>
            <NewContactDialog contacts={all} />
          </>
        }
      />

      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search contacts by name, company, email or specialty"
          placeholder="Search contacts..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as ContactTab)} className="min-w-0">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList aria-label="Contact type">
            {CONTACT_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.value === 'all' ? `All (${all.length})` : t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {CONTACT_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            {contacts.isPending ? (
              <div className="flex justify-center py-16">
                <Spinner label="Loading contacts" />
              </div>
            ) : contacts.isError ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
                  <p className="font-medium">Your contacts could not be loaded.</p>
                  <Button variant="outline" onClick={() => void contacts.refetch()}>
                    Try again
                  </Button>
                </CardContent>
              </Card>
            ) : (
              <ContactGrid contacts={shown} onEdit={setEditing} onDelete={setDeleting} />
            )}
          </TabsContent>
        ))}
      </Tabs>

      {editing && (
        <EditContactDialog
          contact={editing}
          contacts={all}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteContactDialog
          contact={deleting}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
