import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { apiFailureReason } from '@/web/lib/api-client';
import { usePlanReading } from '../api/get-plan-reading';
import { useReviewedGeneration } from '../api/get-reviewed-generation';
import { ReviewBody } from '../components/review-body';

function BackToProject({ projectId }: { projectId: number }) {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={`/projects/${projectId}`}>
        <ArrowLeft aria-hidden="true" />
        Back to project
      </Link>
    </Button>
  );
}

/**
 * /projects/:projectId/plans/:generationId/review: how an uploaded estimate was read, line by line,
 * to correct before it is planned (see the feature's README).
 */
export function EstimateReviewPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const generationId = Number(params.generationId);
  const reading = usePlanReading(generationId);
  const generation = useReviewedGeneration(generationId);

  // A copy read before the last plan of it (marked stale then) is not reviewed: its answers are old.
  const refreshing = (reading.isStale && reading.isFetching) || (generation.isStale && generation.isFetching);
  if (reading.isPending || generation.isPending || refreshing) {
    return (
      <div className="grid gap-6">
        <BackToProject projectId={projectId} />
        <PageHeader title="Review the reading" />
        <div className="flex justify-center py-16">
          <Spinner label="Reading the estimate" />
        </div>
      </div>
    );
  }
  if (reading.isError || generation.isError) {
    const reason = apiFailureReason(reading.error ?? generation.error);
    return (
      <div className="grid gap-6">
        <BackToProject projectId={projectId} />
        <PageHeader
          title="Review the reading"
          description={reason ?? 'This estimate could not be read for review.'}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <BackToProject projectId={reading.data.projectId} />
      <ReviewBody
        key={`${reading.dataUpdatedAt}:${generation.dataUpdatedAt}`}
        reading={reading.data}
        generation={generation.data}
      />
    </div>
  );
}
