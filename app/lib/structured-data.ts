import { COMPANY, OFFICES } from "@domain/company/company";

// schema.org JSON-LD builders. Route meta functions hand these to React Router as
// { "script:ld+json": ... }; its <Meta> escapes <, >, & and U+2028/9 as \u escapes, so text from
// the database cannot close the script element. The element is data (not executed), so the CSP nonce does not apply.

export type TJsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** An absolute URL on the site; an already absolute one is kept. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** schema.org prices are decimal strings in the currency's unit: kobo to naira with two decimals. */
export function nairaFromKobo(kobo: number): string {
  if (!Number.isInteger(kobo) || kobo < 0) throw new Error(`price must be whole, non-negative kobo, got ${kobo}`);
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
}

function postalAddress(office: (typeof OFFICES)[number]) {
  return {
    "@type": "PostalAddress",
    streetAddress: office.street,
    addressLocality: office.city,
    addressRegion: office.region,
    addressCountry: "NG",
  };
}

/** The short form used inside other entities (publisher, provider, brand). */
export function organizationRef(origin: string): TJsonLd {
  return { "@type": "Organization", name: COMPANY.legalName, url: absoluteUrl(origin, "/"), logo: absoluteUrl(origin, COMPANY.logoPath) };
}

/** Zavolah Ltd with its phone, e-mail and the three offices (home and /about). */
export function organizationJsonLd(origin: string): TJsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": absoluteUrl(origin, "/#organization"),
    name: COMPANY.legalName,
    alternateName: COMPANY.name,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, COMPANY.logoPath),
    telephone: COMPANY.phone,
    email: COMPANY.email,
    address: OFFICES.map(postalAddress),
    location: OFFICES.map((o) => ({ "@type": "Place", name: `Zavolah ${o.city} office`, address: postalAddress(o) })),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: COMPANY.phone,
      email: COMPANY.email,
      areaServed: "NG",
      availableLanguage: ["en"],
    },
  };
}

export type TBlogPostingInput = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: Date | string;
  updatedAt: Date | string;
  featuredImage: string | null;
  tags: string[];
};

export function blogPostingJsonLd(origin: string, post: TBlogPostingInput): TJsonLd {
  const url = absoluteUrl(origin, `/blog/${post.slug}`);
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: post.title,
    description: post.excerpt,
    author: { "@type": "Person", name: post.author },
    publisher: organizationRef(origin),
    datePublished: new Date(post.publishedAt).toISOString(),
    dateModified: new Date(post.updatedAt).toISOString(),
    ...(post.featuredImage ? { image: absoluteUrl(origin, post.featuredImage) } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
    inLanguage: "en-NG",
  };
}

export type TProductInput = {
  slug: string;
  name: string;
  description: string;
  priceKobo: number;
  /** Units on hand; 0 or less is out of stock. */
  stock: number;
  imagePath?: string | null;
  sku?: string | null;
  category?: string | null;
  /** The maker (Jinko Solar, Growatt...); Zavolah when not given. */
  brand?: string | null;
  /** With variants at different prices: the dearest one and how many there are (an AggregateOffer). */
  highPriceKobo?: number | null;
  offerCount?: number | null;
  /** Where the product is sold when it is not the house store's: a marketplace listing and its seller's store. */
  path?: string;
  seller?: { name: string; path: string };
};

/** A store product with a naira Offer at its (lowest) price, or an AggregateOffer when its variants' prices differ. */
export function productJsonLd(origin: string, product: TProductInput): TJsonLd {
  const url = absoluteUrl(origin, product.path ?? `/store/${product.slug}`);
  return {
    "@context": CONTEXT,
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    sku: product.sku ?? product.slug,
    ...(product.category ? { category: product.category } : {}),
    ...(product.imagePath ? { image: absoluteUrl(origin, product.imagePath) } : {}),
    brand: { "@type": "Brand", name: product.brand || COMPANY.name },
    offers: {
      ...(product.highPriceKobo && product.highPriceKobo > product.priceKobo
        ? {
            "@type": "AggregateOffer",
            lowPrice: nairaFromKobo(product.priceKobo),
            highPrice: nairaFromKobo(product.highPriceKobo),
            ...(product.offerCount ? { offerCount: product.offerCount } : {}),
          }
        : { "@type": "Offer", price: nairaFromKobo(product.priceKobo) }),
      url,
      priceCurrency: "NGN",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: product.seller
        ? { "@type": "Organization", name: product.seller.name, url: absoluteUrl(origin, product.seller.path) }
        : organizationRef(origin),
    },
  };
}

export type TCourseInput = {
  slug: string;
  title: string;
  description: string;
  priceKobo?: number | null;
  instructor?: string | null;
  imagePath?: string | null;
  level?: string | null;
  rating?: number | null;
  reviewCount?: number;
  /** The next intake's start, as the CourseInstance's startDate. */
  nextStartsAt?: Date | null;
  durationWeeks?: number;
};

/** An academy course offered by Zavolah (for the course pages). */
export function courseJsonLd(origin: string, course: TCourseInput): TJsonLd {
  const url = absoluteUrl(origin, `/academy/${course.slug}`);
  return {
    "@context": CONTEXT,
    "@type": "Course",
    "@id": `${url}#course`,
    name: course.title,
    description: course.description,
    url,
    provider: { ...organizationRef(origin), sameAs: absoluteUrl(origin, "/academy") },
    ...(course.imagePath ? { image: absoluteUrl(origin, course.imagePath) } : {}),
    ...(course.level ? { educationalLevel: course.level } : {}),
    ...(course.instructor
      ? {
          hasCourseInstance: {
            "@type": "CourseInstance",
            courseMode: "blended",
            instructor: { "@type": "Person", name: course.instructor },
            ...(course.durationWeeks ? { courseWorkload: `P${course.durationWeeks}W` } : {}),
            ...(course.nextStartsAt ? { startDate: course.nextStartsAt.toISOString().slice(0, 10) } : {}),
          },
        }
      : {}),
    ...(course.rating != null && course.reviewCount
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.rating.toFixed(1),
            reviewCount: course.reviewCount,
            bestRating: 5,
          },
        }
      : {}),
    ...(course.priceKobo != null
      ? {
          offers: {
            "@type": "Offer",
            category: course.priceKobo === 0 ? "Free" : "Paid",
            price: nairaFromKobo(course.priceKobo),
            priceCurrency: "NGN",
            url,
          },
        }
      : {}),
  };
}

/**
 * The JSON text as it must sit inside <script type="application/ld+json">: the same escapes React Router's
 * <Meta> applies, for any place that writes the element itself.
 */
export function serializeJsonLd(value: TJsonLd): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
