import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import type { UserDto } from '@/contracts/auth';
import { FEEDBACK_CATEGORIES } from '@/contracts/enums';
import { MESSAGE_MAX, submitFeedbackBody } from '@/contracts/feedback';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { useSubmitFeedback } from '../api/submit-feedback';

type Category = (typeof FEEDBACK_CATEGORIES)[number];

const CATEGORY_LABELS: Record<Category, string> = {
  bug: 'Bug Report',
  feature_request: 'Feature Request',
  improvement: 'Improvement',
  general: 'General Feedback',
};

const { category, subject, message } = submitFeedbackBody.shape;
const signedInSchema = z.object({ category, subject, message });
/** Signed out, the name is optional and the email is needed to answer. */
const signedOutSchema = signedInSchema.extend({
  name: z.string().trim().max(100, { message: 'Name must be at most 100 characters' }),
  email: z.email({ message: 'Please enter a valid email address' }).trim(),
});

interface FeedbackFormValues {
  name: string;
  email: string;
  category: Category | undefined;
  subject: string;
  message: string;
}

function ThankYou({ onBack }: { onBack: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-800">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold">Thank you for your feedback!</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Your message has reached our support team. We typically reply within 24 hours.
        </p>
        <Button onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </CardContent>
    </Card>
  );
}

/** /contact-support: the feedback form; name and email only when signed out. */
export function ContactSupportPage({ user }: { user: UserDto | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const submit = useSubmitFeedback();
  const [sent, setSent] = useState(false);
  const signedIn = user !== null;
  const form = useForm<FeedbackFormValues>({
    // Both schemas check a subset of these fields; the signed-in one leaves name and email out.
    resolver: zodResolver(
      signedIn ? signedInSchema : signedOutSchema,
    ) as unknown as Resolver<FeedbackFormValues>,
    defaultValues: { name: '', email: '', category: undefined, subject: '', message: '' },
  });
  const count = (useWatch({ control: form.control, name: 'message' }) ?? '').length;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...(signedIn ? {} : { name: values.name || undefined, email: values.email }),
      category: values.category as Category,
      subject: values.subject,
      message: values.message,
    };
    try {
      await submit.mutateAsync(body);
      setSent(true);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to submit feedback. Please try again.',
      });
    }
  });

  const goBack = () => {
    // Back where the visitor came from; home when the form was opened directly.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title="Contact Support"
        description="Report a problem, ask a question or suggest an idea."
      />
      {sent ? (
        <ThankYou onBack={goBack} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Send us your feedback</CardTitle>
            <CardDescription>
              {signedIn
                ? `We will answer at ${user.email}.`
                : 'Tell us how to reach you and we will get back to you.'}
            </CardDescription>
          </CardHeader>
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate>
              <CardContent className="grid gap-5">
                {!signedIn && (
                  <div className="grid gap-5 sm:grid-cols-2">
                    <InputField
                      control={form.control}
                      name="name"
                      label="Name (optional)"
                      autoComplete="name"
                    />
                    <InputField
                      control={form.control}
                      name="email"
                      label="Email"
                      type="email"
                      autoComplete="email"
                    />
                  </div>
                )}
                <FormField
                  control={form.control}
                  name="category"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Category</FormLabel>
                      <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                        <FormControl>
                          <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                            <SelectValue placeholder="Select a category" />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {FEEDBACK_CATEGORIES.map((value) => (
                            <SelectItem key={value} value={value}>
                              {CATEGORY_LABELS[value]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <InputField
                  control={form.control}
                  name="subject"
                  label="Subject"
                  placeholder="A short summary"
                />
                <FormField
                  control={form.control}
                  name="message"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Message</FormLabel>
                      <FormControl>
                        <Textarea rows={6} placeholder="Tell us what happened or what you need" {...field} />
                      </FormControl>
                      <div className="flex items-start justify-between gap-3">
                        <FormMessage />
                        <FormDescription className="ml-auto shrink-0 tabular-nums">
                          {count}/{MESSAGE_MAX}
                        </FormDescription>
                      </div>
                    </FormItem>
                  )}
                />
              </CardContent>
              <CardFooter className="justify-end">
                <Button type="submit" className="w-full sm:w-auto" disabled={submit.isPending}>
                  <Send aria-hidden="true" />
                  {submit.isPending ? 'Sending...' : 'Send Feedback'}
                </Button>
              </CardFooter>
            </form>
          </Form>
        </Card>
      )}
    </div>
  );
}
