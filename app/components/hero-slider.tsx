import { ChevronLeft, ChevronRight } from "lucide-react";
import { startTransition, useEffect, useState } from "react";

import { HERO_AUTO_ADVANCE_MS } from "#core/constants.ts";
import { Link, useT } from "../lib/i18n";
import { useSwipe } from "../lib/swipe";
import { MediaImage } from "./media-image";

const SLIDES: { n: 1 | 2 | 3; image: string; cta?: string; soon?: boolean }[] = [
  { n: 1, image: "/media/site/hero-1.webp", cta: "/shop?category=graceful-abayas" },
  { n: 2, image: "/media/site/hero-2.webp", soon: true },
  { n: 3, image: "/media/site/hero-3.webp", soon: true },
];

/**
 * SPEC §2 Home hero: 3 slides, auto-advance every 5 s, previous/next/dots, wrapping both ways.
 * Pauses while hovered or focused, and does not auto-advance for shoppers who prefer reduced motion.
 */
export function HeroSlider() {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // The first slide's picture is the first screen's; the others are fetched once the page is interactive,
  // so they never share the network with it (docs/decisions/0011-speed.md, "first paint").
  const [laterSlides, setLaterSlides] = useState(false);
  const count = SLIDES.length;
  const slides = SLIDES.map((slide) => ({
    ...slide,
    title: t(`home.hero${slide.n}.title`),
    text: t(`home.hero${slide.n}.text`),
  }));
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const swipe = useSwipe((step) => go(index + step));

  useEffect(() => {
    // As a transition: rendered in slices, not in one block in the task of the hydrated page's effects.
    startTransition(() => setLaterSlides(true));
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), HERO_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, paused, reducedMotion, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.heroLabel")}
      className="relative overflow-hidden bg-sand"
      data-testid="hero-slider"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {/* On a phone the artwork fills the slide's upper half and the text sits below it on the plain ground;
          from `sm` the text sits on the artwork's calm side (its start, mirrored with the artwork on /ar).
          tests/e2e/arabic-layout.spec.ts measures that the two never overlap. */}
      <div className="relative aspect-[3/4] sm:aspect-[16/9] lg:aspect-[21/9]" {...swipe}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern marks each slide as a group.
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            data-active={i === index}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${i === index ? "opacity-100" : "opacity-0"}`}
          >
            {i === 0 || laterSlides ? (
              <MediaImage
                src={slide.image}
                alt=""
                width={1920}
                height={1080}
                sizes="100vw"
                priority={i === 0}
                className="absolute inset-x-0 top-0 h-1/2 w-full object-cover object-[70%_center] sm:inset-0 sm:size-full sm:object-center rtl:-scale-x-100"
              />
            ) : null}
            <div className="absolute inset-x-0 top-0 h-1/2 bg-gradient-to-t from-sand via-transparent to-transparent sm:inset-0 sm:h-full sm:bg-gradient-to-r sm:from-ivory/90 sm:via-ivory/50 sm:to-transparent rtl:sm:bg-gradient-to-l" />
            <div className="container-page relative flex h-full flex-col justify-end pb-16 sm:justify-center sm:pb-0">
              <div className="max-w-md text-ink">
                {slide.soon ? (
                  <p className="mb-3 inline-block rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-widest text-white uppercase">
                    {t("home.launchingSoon")}
                  </p>
                ) : null}
                <h2 className="text-4xl leading-none sm:text-6xl lg:text-7xl">{slide.title}</h2>
                <p className="mt-4 text-base text-charcoal sm:text-lg">{slide.text}</p>
                {slide.cta ? (
                  <Link to={slide.cta} className="btn-accent mt-7">
                    {t("home.hero1.cta")}
                  </Link>
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(index - 1)}
          className="inline-flex size-10 items-center justify-center rounded-full bg-ivory/90 text-ink shadow-soft hover:bg-white"
          aria-label={t("home.hero.prev")}
          data-testid="hero-prev"
        >
          <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden="true" />
        </button>
        <div className="flex gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              onClick={() => go(i)}
              aria-label={t("home.hero.goTo", { n: i + 1, title: slide.title })}
              aria-current={i === index}
              className="inline-flex size-6 items-center justify-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-accent" : "w-2 bg-ivory/90"}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(index + 1)}
          className="inline-flex size-10 items-center justify-center rounded-full bg-ivory/90 text-ink shadow-soft hover:bg-white"
          aria-label={t("home.hero.next")}
          data-testid="hero-next"
        >
          <ChevronRight className="size-5 rtl:rotate-180" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
