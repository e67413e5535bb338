import {
  BarChart3,
  ChevronLeft,
  ChevronRight,
  FileUp,
  FolderKanban,
  type LucideIcon,
  Sparkles,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { usePrefersReducedMotion } from '@/web/lib/use-reduced-motion';
import { cn } from '@/web/lib/utils';

interface Slide {
  title: string;
  description: string;
  highlights: readonly [string, string, string];
  icon: LucideIcon;
}

/** The four "See How It Works" slides. */
export const SLIDES: readonly Slide[] = [
  {
    title: 'Drag and drop your estimate',
    description: 'Upload a PDF estimate or a photo of one. Text recognition reads every line item for you.',
    highlights: ['PDF and image estimates', 'Automatic text recognition', 'No retyping line items'],
    icon: FileUp,
  },
  {
    title: 'AI builds your project plan',
    description: 'Babe turns the estimate into tasks with a timeline, dependencies and the critical path.',
    highlights: ['Tasks and phases in seconds', 'Dependencies between trades', 'Critical path highlighted'],
    icon: Sparkles,
  },
  {
    title: 'Track progress on every job',
    description: 'Follow each task on Gantt charts, tick off punchlists and see what is running behind.',
    highlights: ['Gantt charts and timelines', 'Punchlists with sub-items', 'Materials tracking'],
    icon: BarChart3,
  },
  {
    title: 'Everything in one place',
    description: 'Contacts, documents and schedules live together, so nothing gets lost between jobs.',
    highlights: [
      'Clients, subs, vendors, architects',
      'Documents stored per project',
      'Day, week and month schedules',
    ],
    icon: FolderKanban,
  },
];

/** Slides advance every 5 seconds where auto-advance applies. */
export const AUTO_ADVANCE_MS = 5000;

const wrap = (index: number) => (index + SLIDES.length) % SLIDES.length;

/**
 * The "See How It Works" carousel: previous/next wrap around, four dot buttons jump to a slide, and
 * it advances by itself every 5 s except while hovered or focused, or when the user prefers reduced motion.
 */
export function HowItWorksCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !hovered && !focused && !reducedMotion;
  const baseId = useId();

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => wrap(i + 1)), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const slide = SLIDES[index] ?? SLIDES[0];
  if (!slide) return null;
  const Icon = slide.icon;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="See How It Works"
      className="mx-auto w-full max-w-4xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="relative overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
        <div
          id={`${baseId}-slides`}
          aria-live={rotating ? 'off' : 'polite'}
          // A fixed minimum height keeps the page from jumping as slides of different lengths rotate.
          className="flex min-h-[27rem] items-center justify-center px-6 py-8 sm:min-h-[20rem] sm:px-16 sm:py-12"
        >
          {/* biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a group, not a form fieldset */}
          <div
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
            className="flex animate-fade-in flex-col items-center gap-5 text-center motion-reduce:animate-none"
          >
            <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <Icon className="size-8" aria-hidden="true" />
            </span>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Step {index + 1}</p>
            <h3 className="text-2xl font-bold text-slate-900">{slide.title}</h3>
            <p className="max-w-xl text-base text-muted-foreground">{slide.description}</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {slide.highlights.map((h) => (
                <li
                  key={h}
                  className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
                >
                  {h}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Button
          variant="outline"
          size="icon"
          aria-controls={`${baseId}-slides`}
          aria-label="Previous slide"
          onClick={() => setIndex((i) => wrap(i - 1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1">
          {SLIDES.map((s, i) => (
            <button
              key={s.title}
              type="button"
              aria-controls={`${baseId}-slides`}
              aria-label={`Go to slide ${i + 1}: ${s.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="flex size-6 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  i === index ? 'w-6 bg-primary' : 'w-2.5 bg-slate-300 hover:bg-slate-400',
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-controls={`${baseId}-slides`}
          aria-label="Next slide"
          onClick={() => setIndex((i) => wrap(i + 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
