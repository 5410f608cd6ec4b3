import { useCallback, useEffect, useMemo, useState } from "react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { PublicSummary } from "@/api/types";
import { Button } from "@/components/ui/button";
import { buildSlides, CAROUSEL_INTERVAL_MS } from "@/features/landing/carouselSlides";
import { useLandingHost } from "@/features/landing/host";
import { cn } from "@/lib/utils";

interface FinancialCarouselProps {
  summary: PublicSummary | null | undefined;
  isLoading: boolean;
}

/** Number of slides offered as clickable preview cards. */
const PREVIEW_COUNT = 3;

/**
 * The landing page's financial overview (000 §2), its figures from the public summary, each
 * saying the period it covers. It advances every 4 s, wraps both ways, and stops auto-playing for
 * good on any manual navigation (until the user presses Resume).
 */
export function FinancialCarousel({ summary, isLoading }: FinancialCarouselProps) {
  const { t, language } = useLandingHost();
  // Rebuild formatted values when the language changes: buildSlides formats in the current
  // language, which it reads from i18n/languages itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const slides = useMemo(() => buildSlides(summary), [summary, language]);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!playing || isLoading || count === 0) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [playing, isLoading, index, count]);

  const goTo = useCallback(
    (next: number) => {
      setPlaying(false);
      setIndex(((next % count) + count) % count);
    },
    [count],
  );

  if (isLoading) {
    return (
      <div
        role="status"
        aria-live="polite"
        className="flex h-72 items-center justify-center rounded-xl border bg-card text-muted-foreground shadow-sm"
      >
        {t("carousel.loading")}
      </div>
    );
  }

  const slide = slides[index];
  if (!slide) {
    return (
      <div role="status" className="flex h-72 items-center justify-center rounded-xl border bg-card p-6 text-center text-muted-foreground shadow-sm" data-testid="carousel-unavailable">
        {t("carousel.unavailable")}
      </div>
    );
  }
  const Icon = slide.icon;

  return (
    <section
      aria-roledescription={t("carousel.roleDescription")}
      aria-label={t("carousel.label")}
      data-testid="financial-carousel"
      className="rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t("carousel.label")}</h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setPlaying((p) => !p)}
          data-testid="carousel-autoplay"
          aria-pressed={!playing}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? t("carousel.pause") : t("carousel.resume")}
        </Button>
      </div>

      <div className="relative">
        <div aria-live={playing ? "off" : "polite"} aria-atomic="true">
          <div
            role="group"
            aria-roledescription={t("carousel.slideRoleDescription")}
            aria-label={t("carousel.slideOf", { n: index + 1, total: count })}
            data-testid="carousel-slide"
            data-slide={slide.key}
            className="flex min-h-52 flex-col justify-between rounded-lg bg-primary p-5 text-primary-foreground sm:p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <div>
                <p className="text-sm font-medium opacity-90">{t(slide.titleKey)}</p>
                {slide.value === null ? (
                  <p className="mt-3 text-xl font-semibold sm:text-2xl" data-testid="carousel-value" data-empty="true">
                    {t(slide.emptyKey)}
                  </p>
                ) : (
                  <p className="mt-2 text-4xl font-bold tabular-nums tracking-tight sm:text-5xl" data-testid="carousel-value">
                    {slide.value}
                  </p>
                )}
                {slide.lines.map((line) => (
                  <p key={line.key} className="mt-1 text-sm tabular-nums opacity-90" data-testid="carousel-line">
                    {t(line.key, line.options)}
                  </p>
                ))}
              </div>
              <Icon className="h-10 w-10 shrink-0 opacity-80" aria-hidden="true" />
            </div>
            <p className="mt-4 text-sm opacity-90">{t(slide.descriptionKey)}</p>
          </div>
        </div>
      </div>

      <div className="mt-4 flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          onClick={() => goTo(index - 1)}
          aria-label={t("carousel.previous")}
          data-testid="carousel-prev"
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1" role="group" aria-label={t("carousel.chooseSlide")}>
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              onClick={() => goTo(i)}
              aria-label={t("carousel.goTo", { n: i + 1, title: t(s.titleKey) })}
              aria-current={i === index ? "true" : undefined}
              data-testid={`carousel-dot-${i}`}
              className="flex h-6 w-6 cursor-pointer items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "block h-2.5 rounded-full transition-all",
                  i === index ? "w-6 bg-primary" : "w-2.5 bg-muted-foreground/50",
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="outline"
          size="icon"
          onClick={() => goTo(index + 1)}
          aria-label={t("carousel.next")}
          data-testid="carousel-next"
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {slides.slice(0, PREVIEW_COUNT).map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              onClick={() => goTo(i)}
              aria-current={i === index ? "true" : undefined}
              data-testid={`carousel-preview-${i}`}
              className={cn(
                "w-full cursor-pointer rounded-md border p-3 text-left transition-colors hover:bg-accent",
                i === index && "border-primary bg-accent",
              )}
            >
              <span className="block text-xs text-muted-foreground">{t(s.titleKey)}</span>
              <span className="block text-lg font-semibold tabular-nums">{s.value ?? "—"}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
