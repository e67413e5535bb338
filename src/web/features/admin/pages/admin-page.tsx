import { AlertTriangle } from 'lucide-react';
import { PageHeader } from '@/web/components/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useAdminUsers } from '../api/get-admin-users';
import { useFeedbackList } from '../api/get-feedback';
import { FeedbackTab } from '../components/feedback-tab';
import { UsersTab } from '../components/users-tab';

const LOAD_FAILED = 'Unable to fetch admin data. Please check your permissions or try again later.';

function LoadFailed() {
  return (
    <Card role="alert">
      <CardContent className="flex items-center gap-3 p-6 text-sm">
        <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        {LOAD_FAILED}
      </CardContent>
    </Card>
  );
}

/** /admin: User Management (counters and users) and User Feedback (inbox with replies). */
export function AdminPage() {
  const users = useAdminUsers();
  const feedback = useFeedbackList();
  const openCount = feedback.data?.filter((f) => f.status === 'open').length ?? 0;

  return (
    <div className="grid gap-6">
      <PageHeader title="Admin Dashboard" description="User management and customer feedback." />
      {users.isError || feedback.isError ? (
        <LoadFailed />
      ) : (
        <Tabs defaultValue="users" className="grid gap-4">
          <TabsList className="w-full sm:w-auto sm:justify-self-start">
            <TabsTrigger value="users">User Management</TabsTrigger>
            <TabsTrigger value="feedback">
              User Feedback
              {openCount > 0 ? (
                <Badge variant="destructive" className="ml-1.5" aria-label={`${openCount} open`}>
                  {openCount}
                </Badge>
              ) : null}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            {users.data ? <UsersTab data={users.data} /> : <Spinner label="Loading users" />}
          </TabsContent>
          <TabsContent value="feedback">
            {feedback.data ? <FeedbackTab items={feedback.data} /> : <Spinner label="Loading feedback" />}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
