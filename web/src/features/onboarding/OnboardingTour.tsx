import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, ChevronLeft, ChevronRight, Pause, Play, Rocket, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import {
  AUTO_PLAY_MS,
  ROLE_CHOICE_DELAY_MS,
  ROLE_CHOICES,
  TOUR_STEPS,
} from "@/features/onboarding/tourSteps";
import type { RoleChoice, TourAnswers } from "@/features/onboarding/tourSteps";

interface OnboardingTourProps {
  /** Called by the last step's "Begin Application" with the collected answers. */
  onComplete: (answers: TourAnswers) => void;
  /** Called by "Skip Tour". */
  onSkip: () => void;
  /** Answers known beforehand (for example the role chosen on the full-screen tour). */
  initialAnswers?: TourAnswers;
  /** Heading level of the step title: h1 when the tour is the page, h2 inside another page. */
  headingLevel?: "h1" | "h2";
  className?: string;
}

/**
 * The eight-step presentation (spec 000 §2), used full screen at /onboarding,
 * as the dashboard's overlay and as the story wizard of the application page.
 */
export function OnboardingTour({
  onComplete,
  onSkip,
  initialAnswers = {},
  headingLevel = "h2",
  className,
}: OnboardingTourProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [answers, setAnswers] = useState<TourAnswers>(initialAnswers);
  const choiceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const total = TOUR_STEPS.length;
  const step = TOUR_STEPS[index]!;
  const isLast = index === total - 1;
  const Heading = headingLevel;
  const title = t(`tour.steps.${step.id}.title`);

  // Auto play: one step every 4 s, stopping on the interactive step and at the end.
  useEffect(() => {
    if (!playing) return;
    if (step.interactive || isLast) {
      setPlaying(false);
      return;
    }
    const id = setTimeout(() => setIndex((i) => Math.min(i + 1, total - 1)), AUTO_PLAY_MS);
    return () => clearTimeout(id);
  }, [playing, step, isLast, total]);

  useEffect(
    () => () => {
      if (choiceTimer.current) clearTimeout(choiceTimer.current);
    },
    [],
  );

  function goTo(i: number) {
    if (choiceTimer.current) clearTimeout(choiceTimer.current);
    setIndex(Math.max(0, Math.min(total - 1, i)));
  }

  function choose(role: RoleChoice) {
    setAnswers((a) => ({ ...a, [step.id]: role }));
    if (choiceTimer.current) clearTimeout(choiceTimer.current);
    const from = index;
    choiceTimer.current = setTimeout(() => {
      setIndex((i) => (i === from ? Math.min(i + 1, total - 1) : i));
    }, ROLE_CHOICE_DELAY_MS);
  }

  const Icon = step.icon;
  return (
    <section
      aria-label={t("tour.label")}
      data-testid="onboarding-tour"
      data-step={step.id}
      className={cn("flex w-full flex-col rounded-xl border bg-card text-card-foreground shadow-sm", className)}
    >
      <div className="flex flex-col gap-3 border-b p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p data-testid="tour-step-counter" className="text-sm font-medium text-muted-foreground" aria-live="polite">
            {t("tour.stepOf", { n: index + 1, total })}
          </p>
          <div className="-mx-2 flex flex-wrap items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              data-testid="tour-autoplay"
              aria-pressed={playing}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              {playing ? t("tour.pause") : t("tour.autoPlay")}
            </Button>
            <Button variant="ghost" size="sm" data-testid="tour-skip" onClick={onSkip}>
              <X aria-hidden="true" />
              {t("tour.skip")}
            </Button>
          </div>
        </div>
        <Progress value={((index + 1) / total) * 100} max={100} label={t("tour.progress")} />
      </div>

      <div className="flex min-h-[22rem] flex-1 flex-col items-center px-4 py-8 text-center sm:px-10">
        <span className="mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <Heading className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</Heading>
        <p className="mt-3 max-w-2xl text-base text-muted-foreground">{t(`tour.steps.${step.id}.body`)}</p>
        {step.interactive ? (
          <div role="group" aria-label={t("tour.chooseRole")} className="mt-8 grid w-full max-w-3xl gap-3 sm:grid-cols-3">
            {ROLE_CHOICES.map(({ id, icon: RoleIcon }) => {
              const selected = answers[step.id] === id;
              return (
                <button
                  key={id}
                  type="button"
                  data-testid={`tour-role-${id}`}
                  aria-pressed={selected}
                  onClick={() => choose(id)}
                  className={cn(
                    "relative flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 bg-card p-5 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    selected ? "border-primary bg-accent/60" : "border-border",
                  )}
                >
                  {selected ? (
                    <span className="absolute right-2 top-2 rounded-full bg-primary p-0.5 text-primary-foreground">
                      <Check className="h-3.5 w-3.5" aria-hidden="true" />
                    </span>
                  ) : null}
                  <RoleIcon className="h-7 w-7 text-primary" aria-hidden="true" />
                  <span className="font-semibold">{t(`tour.roles.${id}.title`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`tour.roles.${id}.description`)}</span>
                </button>
              );
            })}
          </div>
        ) : (
          <ul className="mt-8 grid w-full max-w-3xl gap-3 text-left sm:grid-cols-3">
            {(["h1", "h2", "h3"] as const).map((h) => (
              <li key={h} className="flex items-start gap-2 rounded-lg border bg-background/60 p-3 text-sm">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{t(`tour.steps.${step.id}.${h}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-col-reverse items-center gap-3 border-t p-4 sm:flex-row sm:justify-between sm:p-5">
        <div className="w-full sm:w-32">
          {step.interactive ? null : (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              data-testid="tour-previous"
              disabled={index === 0}
              onClick={() => goTo(index - 1)}
            >
              <ChevronLeft aria-hidden="true" />
              {t("tour.previous")}
            </Button>
          )}
        </div>
        <ol className="flex items-center gap-1" aria-label={t("tour.progress")}>
          {TOUR_STEPS.map((s, i) => (
            <li key={s.id}>
              <button
                type="button"
                data-testid={`tour-dot-${i}`}
                aria-label={t("tour.goToStep", { n: i + 1, title: t(`tour.steps.${s.id}.title`) })}
                aria-current={i === index ? "step" : undefined}
                onClick={() => goTo(i)}
                className="flex h-6 w-6 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    i === index ? "w-6 bg-primary" : "w-2.5 bg-muted-foreground/40",
                  )}
                />
              </button>
            </li>
          ))}
        </ol>
        <div className="flex w-full justify-end sm:w-auto sm:min-w-32">
          {step.interactive ? null : isLast ? (
            <Button className="w-full sm:w-auto" data-testid="tour-begin" onClick={() => onComplete(answers)}>
              <Rocket aria-hidden="true" />
              {t("tour.begin")}
            </Button>
          ) : (
            <Button className="w-full sm:w-auto" data-testid="tour-next" onClick={() => goTo(index + 1)}>
              {t("tour.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
