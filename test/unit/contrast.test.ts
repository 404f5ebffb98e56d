import { describe, expect, it } from 'vitest';

import { composite, contrastRatio, isLargeText, judgeSample, parseCssColor, type TextSample } from '../e2e/contrast';

const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

/** A sample of 16 px normal text in `color` on a plain white page. */
function sample(color: string, overrides: Partial<TextSample> = {}): TextSample {
  return {
    selector: 'main > p',
    text: 'Hello',
    color,
    opacity: 1,
    layers: [{ color: 'rgba(0, 0, 0, 0)', image: false }],
    canvas: 'rgb(255, 255, 255)',
    fontSize: 16,
    fontWeight: 400,
    ...overrides,
  };
}

describe('parseCssColor', () => {
  it('reads the forms Chromium computes', () => {
    expect(parseCssColor('rgb(34, 87, 199)')).toEqual({ r: 34, g: 87, b: 199, a: 1 });
    expect(parseCssColor('rgba(0, 0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseCssColor('rgba(255, 255, 255, 0.5)')).toEqual({ r: 255, g: 255, b: 255, a: 0.5 });
    expect(parseCssColor('color(srgb 1 0.5 0 / 0.25)')).toEqual({ r: 255, g: 127.5, b: 0, a: 0.25 });
    expect(parseCssColor('transparent').a).toBe(0);
  });

  it('refuses a colour it cannot judge, naming it', () => {
    expect(() => parseCssColor('oklch(0.5 0.1 200)')).toThrow('"oklch(0.5 0.1 200)"');
    expect(() => parseCssColor('color(display-p3 1 0 0)')).toThrow('not sRGB');
    expect(() => parseCssColor('rgb(1, 2)')).toThrow('cannot parse');
  });
});

describe('WCAG contrast', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
  });

  it('puts #767676 just above 4.5:1 on white and #777777 just below', () => {
    expect(contrastRatio(parseCssColor('rgb(118, 118, 118)'), WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseCssColor('rgb(119, 119, 119)'), WHITE)).toBeLessThan(4.5);
  });

  it('composites half-transparent black over white to mid grey', () => {
    expect(composite({ ...BLACK, a: 0.5 }, WHITE)).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
  });

  it('treats 24 px, or 18.66 px bold, as large text', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(18.66, 700)).toBe(true);
    expect(isLargeText(18.66, 600)).toBe(false);
    expect(isLargeText(23.9, 400)).toBe(false);
  });
});

describe('judgeSample', () => {
  it('fails fully transparent text, whatever the background', () => {
    const verdict = judgeSample(sample('rgba(0, 0, 0, 0)', { layers: [{ color: 'rgb(34, 87, 199)', image: false }] }));
    expect(verdict).toMatchObject({ kind: 'fail', failure: { reason: 'transparent', background: 'rgb(34, 87, 199)' } });
  });

  it('passes dark text on white and fails light grey text on white', () => {
    expect(judgeSample(sample('rgb(28, 30, 33)')).kind).toBe('pass');
    expect(judgeSample(sample('rgb(170, 170, 170)'))).toMatchObject({
      kind: 'fail',
      failure: { reason: 'low contrast', required: 4.5 },
    });
  });

  it('allows 3:1 for large text', () => {
    // #949494 on white is about 3.03:1.
    expect(judgeSample(sample('rgb(148, 148, 148)', { fontSize: 24 })).kind).toBe('pass');
    expect(judgeSample(sample('rgb(148, 148, 148)')).kind).toBe('fail');
  });

  it('uses the nearest opaque background and composites the translucent ones above it', () => {
    // White text on a dark pill inside a white card: passes although the page canvas is white.
    const onPill = sample('rgb(255, 255, 255)', {
      layers: [
        { color: 'rgb(24, 61, 139)', image: false },
        { color: 'rgb(255, 255, 255)', image: false },
      ],
    });
    expect(judgeSample(onPill).kind).toBe('pass');
    // A 50 % black veil over white makes mid grey, on which white text fails (about 4:1).
    const veiled = sample('rgb(255, 255, 255)', { layers: [{ color: 'rgba(0, 0, 0, 0.5)', image: false }] });
    expect(judgeSample(veiled)).toMatchObject({ kind: 'fail', failure: { background: 'rgb(128, 128, 128)' } });
  });

  it('fades the text by its ancestors’ opacity', () => {
    expect(judgeSample(sample('rgb(0, 0, 0)', { opacity: 0.3 })).kind).toBe('fail');
  });

  it('skips text over a background image, but not one hidden under an opaque background', () => {
    const overImage = sample('rgb(0, 0, 0)', { layers: [{ color: 'rgba(0, 0, 0, 0)', image: true }] });
    expect(judgeSample(overImage).kind).toBe('skipped');
    const imageBelow = sample('rgb(0, 0, 0)', {
      layers: [
        { color: 'rgb(255, 255, 255)', image: false },
        { color: 'rgba(0, 0, 0, 0)', image: true },
      ],
    });
    expect(judgeSample(imageBelow).kind).toBe('pass');
  });

  it('uses the canvas colour when nothing on the way up is opaque', () => {
    const dark = sample('rgb(28, 30, 33)', { canvas: 'rgb(18, 18, 18)' });
    expect(judgeSample(dark)).toMatchObject({ kind: 'fail', failure: { background: 'rgb(18, 18, 18)' } });
  });
});
