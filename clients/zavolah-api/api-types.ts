// Generated from the gateway's OpenAPI document by clients/zavolah-api/generate-types.ts (npm run api:client).
// Do not edit by hand.
/* eslint-disable */

export type TError = {
  code:
    | "invalid_input"
    | "unauthenticated"
    | "forbidden"
    | "not_found"
    | "conflict"
    | "rate_limited"
    | "provider_failed"
    | "unavailable"
    | "unsupported_version"
    | "unsupported_media_type"
    | "payload_too_large"
    | "method_not_allowed"
    | "idempotency_key_reused"
    | "internal";
  message: string;
  field?: string;
  fieldErrors?: { [key: string]: string };
  supportedVersions?: string[];
  requestId: string;
};
export type THealth = {
  status: "ok" | "unavailable";
  platform: "web" | "mobile" | "arduino";
  version: string;
  database: "up" | "down";
  time: string;
};
export type TLoginAnswer = { token: string; refreshToken: string; expiresIn: number; user: TUser; deviceId: string };
export type TUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: unknown;
  role: "customer" | "staff" | "admin";
  capabilities: ("seller" | "student" | "investor" | "architect")[];
  image: unknown;
  platform: "web" | "mobile" | "arduino";
  lastSync: string;
};
export type TLoginRequest = {
  email?: string;
  phone?: string;
  password: string;
  platform: "web" | "mobile" | "arduino";
  deviceInfo: TDeviceInfo;
};
export type TDeviceInfo = { id: string; type: "web" | "mobile" | "arduino"; name: string };
export type TRegistered = { registered: true; message: string };
export type TRegisterRequest = {
  name: string;
  email: string;
  phone: string;
  password: string;
  referralCode?: string;
  agreedToTerms: true;
  agreedToNewsletter?: boolean;
  deviceInfo: TDeviceInfo;
};
export type TTokenPair = { token: string; refreshToken: string; expiresIn: number };
export type TRefreshRequest = { refreshToken: string };
export type TSignedOut = { signedOut: true; name: string };
export type TLogoutRequest = { deviceId: string };
export type TSyncAnswer = { user: TUser; changed: boolean; lastSync: string };
export type TSyncRequest = { deviceId: string; authState: { userId: string; lastSync: string | null } };
export type TDeviceList = { devices: TDevice[] };
export type TDevice = {
  id: string;
  clientId: string;
  type: "web" | "mobile" | "arduino";
  name: string;
  lastSeen: string;
  createdAt: string;
  isActive: boolean;
  lastStatus: { [key: string]: unknown } | null;
  lastStatusAt: unknown;
};
export type TProductPage = { items: TProductCard[]; nextCursor: unknown; total: number };
export type TProductCard = {
  id: number;
  slug: string;
  name: string;
  category: "solar-systems" | "panels" | "inverters" | "batteries" | "lighting" | "smart-furniture";
  brand: unknown;
  image: unknown;
  minPriceKobo: number;
  maxPriceKobo: number;
  available: number;
  variantCount: number;
};
export type TProduct = {
  id: number;
  slug: string;
  name: string;
  category: "solar-systems" | "panels" | "inverters" | "batteries" | "lighting" | "smart-furniture";
  brand: unknown;
  images: string[];
  description: string;
  specs: unknown;
  maxPerOrder: number;
  variants: { id: number; sku: string; name: string; priceKobo: number; available: number }[];
};
export type TOrderPage = { items: TOrderSummary[]; nextCursor: unknown };
export type TOrderSummary = {
  number: string;
  status: "pending_payment" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
  paymentMethod: string;
  placedAt: string;
  paidAt: unknown;
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  vatKobo: number;
  totalKobo: number;
  currency: "NGN";
  lines: { kind: string; name: string; variant: string; sku: string; quantity: number; unitPriceKobo: number; lineTotalKobo: number }[];
};
export type TOrder = {
  number: string;
  status: "pending_payment" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
  paymentMethod: string;
  placedAt: string;
  paidAt: unknown;
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  vatKobo: number;
  totalKobo: number;
  currency: "NGN";
  lines: { kind: string; name: string; variant: string; sku: string; quantity: number; unitPriceKobo: number; lineTotalKobo: number }[];
  delivery: { method: string; days: number; address: string; city: string; state: string };
  timeline: { status: string; at: string; note: unknown }[];
};
export type TCart = {
  lines: {
    key: string;
    kind: string;
    name: string;
    variant: string;
    sku: string;
    quantity: number;
    unitPriceKobo: number;
    lineTotalKobo: number;
    maxQuantity: number;
    closedNote: unknown;
  }[];
  itemCount: number;
  subtotalKobo: number;
  currency: "NGN";
};
export type TCheckoutAnswer = {
  order: TOrderSummary;
  payment: { authorizationUrl: string; reference: string } | null;
  paymentError: unknown;
};
export type TCheckoutRequest = {
  fullName: string;
  phone: string;
  addressLine: string;
  city: string;
  state: string;
  deliveryMethod: "standard" | "express";
  paymentMethod: "paystack" | "flutterwave" | "bank_transfer" | "pay_on_delivery";
  expectedTotalKobo?: number;
};
export type TNotificationPage = { items: TNotification[]; nextCursor: unknown; unread: number };
export type TNotification = {
  id: number;
  type: string;
  title: string;
  message: string;
  priority: "high" | "medium" | "low";
  link: unknown;
  read: boolean;
  createdAt: string;
};
export type TUnread = { unread: number };
export type TEmpty = Record<string, never>;
export type TPreferences = {
  email: boolean;
  inApp: boolean;
  courseReminders: boolean;
  subscriptionReminders: boolean;
  blogUpdates: boolean;
  academyAnnouncements: boolean;
  zavChargeUpdates: boolean;
  marketingEmails: boolean;
};
export type TCoursePage = { items: TCourseCard[]; nextCursor: unknown; total: number };
export type TCourseCard = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  category: string;
  level: string;
  durationWeeks: number;
  hoursPerWeek: number;
  priceKobo: number;
  imagePath: unknown;
  instructorName: string;
  rating: unknown;
  reviewCount: number;
  students: number;
  nextIntake: { startsAt: string; enrolmentClosesAt: string } | null;
};
export type TLearning = {
  courses: {
    slug: string;
    title: string;
    instructorName: string;
    status: string;
    progressPct: number;
    startsAt: string;
    lessons: number;
    completedLessons: number;
    nextLessonTitle: unknown;
  }[];
  certificates: { code: string; courseTitle: string; grade: unknown; scorePct: unknown; issuedAt: string; revoked: boolean }[];
};
export type TLesson = {
  course: { slug: string; title: string };
  lesson: {
    slug: string;
    title: string;
    body: string;
    durationMinutes: number;
    isPreview: boolean;
    hasVideo: boolean;
    moduleTitle: string;
  };
  video: { url: string; lowUrl: unknown; expiresAt: string } | null;
  resources: { id: number; title: string; contentType: string; bytes: number; download: { url: string; expiresAt: string } }[];
  quiz: {
    passMarkPct: number;
    maxAttempts: number | null;
    attempts: number;
    bestPct: number | null;
    passed: boolean;
    questions: { prompt: string; options: string[] }[];
  } | null;
  position: { index: number; total: number };
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
  enrolment: { progressPct: number; status: string } | null;
};
export type TLessonDone = { progressPct: number; certificateCode: unknown; alreadyDone: boolean };
export type TCourse = {
  slug: string;
  title: string;
  summary: string;
  priceKobo: number;
  lessons: number;
  intakes: { id: number; startsAt: string; enrolmentClosesAt: string; seatsLeft: number | null; state: string }[];
  enrolled: boolean;
};
export type TEnrolled = { slug: string; title: string };
export type TQuizOutcome = {
  scorePct: number;
  passed: boolean;
  passMarkPct: number;
  correct: number;
  questions: number;
  attemptsLeft: number | null;
  certificateCode: unknown;
};
export type TAssignments = {
  items: {
    id: number;
    title: string;
    courseSlug: string;
    courseTitle: string;
    maxScore: number;
    dueAt: string;
    status: string;
    score: number | null;
  }[];
};
export type TAssignment = {
  course: { slug: string; title: string };
  assignment: { id: number; title: string; instructions: string; maxScore: number; passScore: number };
  dueAt: unknown;
  readOnly: boolean;
  status: string;
  submission: {
    text: unknown;
    fileName: unknown;
    fileBytes: number | null;
    submittedAt: string;
    late: boolean;
    score: number | null;
    feedback: unknown;
    gradedAt: unknown;
  } | null;
};
export type THandedIn = { status: string; late: boolean };
export type TListingPage = { items: TListingCard[]; nextCursor: unknown; total: number };
export type TListingCard = {
  slug: string;
  kind: "product" | "design";
  title: string;
  category: string;
  priceKobo: number;
  stock: number | null;
  photo: { small: string; large: string; width: number; height: number } | null;
  seller: { slug: string; displayName: string; pickupState: string };
};
export type TListing = {
  slug: string;
  kind: "product" | "design";
  title: string;
  description: string;
  category: string;
  priceKobo: number;
  stock: number | null;
  leadTimeDays: number | null;
  delivery: unknown;
  seller: { slug: string; displayName: string; kind: string; pickupState: string; pickupLga: string };
  photos: { small: string; large: string; width: number; height: number }[];
  files: { fileType: string; bytes: number }[];
};
export type TMarketplacePurchasePage = { items: TMarketplacePurchase[]; nextCursor: unknown };
export type TMarketplacePurchase = {
  id: number;
  label: string;
  status: "pending_payment" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
  placedAt: string;
  seller: { name: string; slug: unknown };
  lines: { name: string; quantity: number; unitPriceKobo: number; lineTotalKobo: number; listingSlug: unknown }[];
  subtotalKobo: number;
  shippingKobo: number;
  totalKobo: number;
  currency: "NGN";
  trackingNote: unknown;
  timeline: {
    status: "pending_payment" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
    at: string;
    note: unknown;
    by: string;
  }[];
};
export type TStationPage = { items: TStation[]; nextCursor: unknown };
export type TStation = {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  pricePerKwhKobo: number;
  features: string[];
  openingHours: string;
  status: "online" | "offline" | "maintenance";
  availableSlots: number;
  totalSlots: number;
  connectors: { connector: string; powerKw: number; count: number }[];
  maintenance: unknown;
};
export type TStationDetail = {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  pricePerKwhKobo: number;
  features: string[];
  openingHours: string;
  status: "online" | "offline" | "maintenance";
  availableSlots: number;
  totalSlots: number;
  connectors: { connector: string; powerKw: number; count: number }[];
  maintenance: unknown;
  slots: { id: number; number: number; connector: string; powerKw: number; status: "available" | "charging" | "out_of_order" }[];
};
export type TDriverSignedIn = { token: string; expiresIn: number; account: { code: string; name: string } };
export type TPinLoginRequest = { subscriptionId: string; pin: string; platform: "web" | "mobile" | "arduino"; deviceInfo: TDeviceInfo };
export type TPinSignedOut = { signedOut: true };
export type TPinLogoutRequest = Record<string, never>;
export type TDriverAccount = {
  code: string;
  name: string;
  state: "active" | "expired" | "suspended" | "closed";
  balanceKobo: number;
  currency: "NGN";
  plan: { code: string; name: string; priceKobo: number };
  planExpiresAt: unknown;
};
export type TDriverActivity = {
  entries: { id: number; kind: string; amountKobo: number; balanceAfterKobo: number; description: string; createdAt: string }[];
  sessions: {
    id: number;
    station: string;
    slotNumber: number;
    status: string;
    startedAt: string;
    stoppedAt: unknown;
    energyWh: number | null;
    costKobo: number | null;
  }[];
  live: {
    sessionId: number;
    status: string;
    stationName: string;
    slotNumber: number;
    startedAt: string;
    energyWh: number;
    costKobo: number;
    pricePerKwhKobo: number;
    socPercent: unknown;
    powerW: unknown;
    stopReason: unknown;
  } | null;
};
export type TChargingStarted = { chargerId: number; status: string };
export type TStartCharging = { stationId: number; slotNumber: number; energyLimitWh?: number; moneyLimitKobo?: number };
export type TChargingStopped = { status: string };
export type TStopCharging = { sessionId: number };
export type TLedgerPage = { items: TWalletEntry[]; nextCursor: unknown };
export type TWalletEntry = {
  id: number;
  kind: "welcome_credit" | "top_up" | "charging" | "plan_renewal" | "refund" | "adjustment" | "referral_payout";
  amountKobo: number;
  balanceAfterKobo: number;
  description: string;
  sessionId: number | null;
  createdAt: string;
};
export type TSessionPage = { items: TChargingSession[]; nextCursor: unknown };
export type TChargingSession = {
  id: number;
  status: string;
  station: string;
  slotNumber: number;
  pricePerKwhKobo: number;
  startedAt: string;
  stoppedAt: unknown;
  energyWh: number | null;
  costKobo: number | null;
  unpaidKobo: number;
};
export type TStatement = {
  month: unknown;
  accountCode: string;
  accountName: string;
  currency: "NGN";
  rows: {
    sessionId: number;
    startedAt: string;
    date: string;
    time: string;
    station: string;
    slot: number;
    energyWh: number | null;
    duration: string;
    costKobo: number | null;
    unpaidKobo: number;
    status: string;
  }[];
  totals: { sessions: number; amountSpentKobo: number; balanceKobo: number; generatedAt: string };
};
export type TSyncAccepted = { accepted: { id: string; seq: number }[] };
export type TSyncBatch = { events: TSyncEventIn[] };
export type TSyncEventIn = {
  id: string;
  type: string;
  timestamp: string | number;
  data?: unknown;
  source?: string;
  targetPlatforms?: string[];
  priority?: "high" | "medium";
};
export type TSyncEventPage = { items: TSyncEvent[]; lastSeq: number };
export type TSyncEvent = {
  seq: number;
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
  source: unknown;
  targetPlatforms: string[] | null;
  priority: "high" | "medium";
};
export type TPairingCode = { code: string; expiresAt: string };
export type TPairingCodeRequest = { deviceName: string };
export type TPairedDevice = {
  deviceId: string;
  name: string;
  credential: string;
  mqtt: { username: string; statusTopic: string; commandsTopic: string };
};
export type TDevicePairRequest = { code: string; deviceInfo: { id: string; name?: string } };
export type TDeviceCommandSent = { commandId: string; seq: number };
export type TDeviceCommandRequest = {
  command: "status_request" | "restart" | "set_led" | "set_relay";
  params?: { [key: string]: string | number | boolean };
};
export type TDeviceSelf = { deviceId: string; name: string; mqtt: { username: string; statusTopic: string; commandsTopic: string } };
export type TStatusReported = { reportedAt: string };
export type TDeviceStatusReport = { status: { [key: string]: string | number | boolean | null } };
export type TDeviceCommands = {
  items: { seq: number; id: string; type: string; command: string; params: { [key: string]: unknown }; timestamp: string }[];
  lastSeq: number;
};

/** Every operation by its operationId: method, path, and what it reads and answers. */
export type TOperations = {
  getHealth: {
    method: "GET";
    path: "/health";
    params: never;
    query: never;
    body: never;
    answer: THealth;
    auth: false;
    form: false;
    file: false;
  };
  login: {
    method: "POST";
    path: "/auth/login";
    params: never;
    query: never;
    body: TLoginRequest;
    answer: TLoginAnswer;
    auth: false;
    form: false;
    file: false;
  };
  register: {
    method: "POST";
    path: "/auth/register";
    params: never;
    query: never;
    body: TRegisterRequest;
    answer: TRegistered;
    auth: false;
    form: false;
    file: false;
  };
  refresh: {
    method: "POST";
    path: "/auth/refresh";
    params: never;
    query: never;
    body: TRefreshRequest;
    answer: TTokenPair;
    auth: false;
    form: false;
    file: false;
  };
  logout: {
    method: "POST";
    path: "/auth/logout";
    params: never;
    query: never;
    body: TLogoutRequest;
    answer: TSignedOut;
    auth: true;
    form: false;
    file: false;
  };
  sync: {
    method: "POST";
    path: "/auth/sync";
    params: never;
    query: never;
    body: TSyncRequest;
    answer: TSyncAnswer;
    auth: true;
    form: false;
    file: false;
  };
  getProfile: {
    method: "GET";
    path: "/me";
    params: never;
    query: never;
    body: never;
    answer: TUser;
    auth: true;
    form: false;
    file: false;
  };
  listDevices: {
    method: "GET";
    path: "/devices";
    params: never;
    query: never;
    body: never;
    answer: TDeviceList;
    auth: true;
    form: false;
    file: false;
  };
  removeDevice: {
    method: "DELETE";
    path: "/devices/{id}";
    params: { id: string };
    query: never;
    body: never;
    answer: TSignedOut;
    auth: true;
    form: false;
    file: false;
  };
  listProducts: {
    method: "GET";
    path: "/products";
    params: never;
    query: {
      q?: string;
      category?: "solar-systems" | "panels" | "inverters" | "batteries" | "lighting" | "smart-furniture";
      sort?: "featured" | "price-asc" | "price-desc" | "newest" | "name";
      min?: string;
      max?: string;
      inStock?: "true" | "false";
      cursor?: string;
    };
    body: never;
    answer: TProductPage;
    auth: false;
    form: false;
    file: false;
  };
  getProduct: {
    method: "GET";
    path: "/products/{slug}";
    params: { slug: string };
    query: never;
    body: never;
    answer: TProduct;
    auth: false;
    form: false;
    file: false;
  };
  listOrders: {
    method: "GET";
    path: "/orders";
    params: never;
    query: { limit?: number; cursor?: string };
    body: never;
    answer: TOrderPage;
    auth: true;
    form: false;
    file: false;
  };
  getOrder: {
    method: "GET";
    path: "/orders/{number}";
    params: { number: string };
    query: never;
    body: never;
    answer: TOrder;
    auth: true;
    form: false;
    file: false;
  };
  getOrderReceipt: {
    method: "GET";
    path: "/orders/{number}/receipt.pdf";
    params: { number: string };
    query: never;
    body: never;
    answer: unknown;
    auth: true;
    form: false;
    file: true;
  };
  getCart: {
    method: "GET";
    path: "/cart";
    params: never;
    query: never;
    body: never;
    answer: TCart;
    auth: true;
    form: false;
    file: false;
  };
  addToCart: {
    method: "POST";
    path: "/cart/items";
    params: never;
    query: never;
    body: { variantId: unknown; quantity?: unknown };
    answer: TCart;
    auth: true;
    form: false;
    file: false;
  };
  removeFromCart: {
    method: "DELETE";
    path: "/cart/items/{variantId}";
    params: { variantId: string };
    query: never;
    body: never;
    answer: TCart;
    auth: true;
    form: false;
    file: false;
  };
  addCourseToCart: {
    method: "POST";
    path: "/cart/courses";
    params: never;
    query: never;
    body: { intakeId: unknown };
    answer: TCart;
    auth: true;
    form: false;
    file: false;
  };
  removeCourseFromCart: {
    method: "DELETE";
    path: "/cart/courses/{intakeId}";
    params: { intakeId: string };
    query: never;
    body: never;
    answer: TCart;
    auth: true;
    form: false;
    file: false;
  };
  checkout: {
    method: "POST";
    path: "/checkout";
    params: never;
    query: never;
    body: TCheckoutRequest;
    answer: TCheckoutAnswer;
    auth: true;
    form: false;
    file: false;
  };
  listNotifications: {
    method: "GET";
    path: "/notifications";
    params: never;
    query: { limit?: number; cursor?: string };
    body: never;
    answer: TNotificationPage;
    auth: true;
    form: false;
    file: false;
  };
  markNotificationRead: {
    method: "POST";
    path: "/notifications/{id}/read";
    params: { id: string };
    query: never;
    body: TEmpty;
    answer: TUnread;
    auth: true;
    form: false;
    file: false;
  };
  markAllNotificationsRead: {
    method: "POST";
    path: "/notifications/read-all";
    params: never;
    query: never;
    body: Record<string, never>;
    answer: TUnread;
    auth: true;
    form: false;
    file: false;
  };
  getNotificationPreferences: {
    method: "GET";
    path: "/notifications/preferences";
    params: never;
    query: never;
    body: never;
    answer: TPreferences;
    auth: true;
    form: false;
    file: false;
  };
  updateNotificationPreferences: {
    method: "POST";
    path: "/notifications/preferences";
    params: never;
    query: never;
    body: {
      email?: boolean;
      inApp?: boolean;
      courseReminders?: boolean;
      subscriptionReminders?: boolean;
      blogUpdates?: boolean;
      academyAnnouncements?: boolean;
      zavChargeUpdates?: boolean;
      marketingEmails?: boolean;
    };
    answer: {
      email: boolean;
      inApp: boolean;
      courseReminders: boolean;
      subscriptionReminders: boolean;
      blogUpdates: boolean;
      academyAnnouncements: boolean;
      zavChargeUpdates: boolean;
      marketingEmails: boolean;
    };
    auth: true;
    form: false;
    file: false;
  };
  listCourses: {
    method: "GET";
    path: "/courses";
    params: never;
    query: { q?: string; category?: string; level?: string; price?: "free" | "paid"; cursor?: string };
    body: never;
    answer: TCoursePage;
    auth: false;
    form: false;
    file: false;
  };
  getLearning: {
    method: "GET";
    path: "/learning";
    params: never;
    query: never;
    body: never;
    answer: TLearning;
    auth: true;
    form: false;
    file: false;
  };
  getLesson: {
    method: "GET";
    path: "/courses/{slug}/lessons/{lessonSlug}";
    params: { slug: string; lessonSlug: string };
    query: never;
    body: never;
    answer: TLesson;
    auth: true;
    form: false;
    file: false;
  };
  completeLesson: {
    method: "POST";
    path: "/courses/{slug}/lessons/{lessonSlug}/complete";
    params: { slug: string; lessonSlug: string };
    query: never;
    body: Record<string, never>;
    answer: TLessonDone;
    auth: true;
    form: false;
    file: false;
  };
  getCourse: {
    method: "GET";
    path: "/courses/{slug}";
    params: { slug: string };
    query: never;
    body: never;
    answer: TCourse;
    auth: false;
    form: false;
    file: false;
  };
  enrolInFreeCourse: {
    method: "POST";
    path: "/courses/{slug}/enrol";
    params: { slug: string };
    query: never;
    body: { intakeId?: number };
    answer: TEnrolled;
    auth: true;
    form: false;
    file: false;
  };
  submitQuiz: {
    method: "POST";
    path: "/courses/{slug}/lessons/{lessonSlug}/quiz";
    params: { slug: string; lessonSlug: string };
    query: never;
    body: { answers: number[] };
    answer: TQuizOutcome;
    auth: true;
    form: false;
    file: false;
  };
  listAssignments: {
    method: "GET";
    path: "/assignments";
    params: never;
    query: never;
    body: never;
    answer: TAssignments;
    auth: true;
    form: false;
    file: false;
  };
  getAssignment: {
    method: "GET";
    path: "/courses/{slug}/assignments/{assignmentId}";
    params: { slug: string; assignmentId: string };
    query: never;
    body: never;
    answer: TAssignment;
    auth: true;
    form: false;
    file: false;
  };
  submitAssignment: {
    method: "POST";
    path: "/courses/{slug}/assignments/{assignmentId}/submission";
    params: { slug: string; assignmentId: string };
    query: never;
    body: never;
    answer: THandedIn;
    auth: true;
    form: true;
    file: false;
  };
  getCertificatePdf: {
    method: "GET";
    path: "/certificates/{code}/pdf";
    params: { code: string };
    query: never;
    body: never;
    answer: unknown;
    auth: true;
    form: false;
    file: true;
  };
  listMarketplaceListings: {
    method: "GET";
    path: "/marketplace/listings";
    params: never;
    query: {
      q?: string;
      category?:
        | "Smart furniture"
        | "Home and office furniture"
        | "Interior design"
        | "Architecture and floor plans"
        | "Solar and energy"
        | "Lighting"
        | "Home decor"
        | "Building materials";
      kind?: "product" | "design";
      seller?: string;
      min?: string;
      max?: string;
      sort?: "newest" | "price-asc" | "price-desc";
      cursor?: string;
    };
    body: never;
    answer: TListingPage;
    auth: false;
    form: false;
    file: false;
  };
  getMarketplaceListing: {
    method: "GET";
    path: "/marketplace/listings/{slug}";
    params: { slug: string };
    query: never;
    body: never;
    answer: TListing;
    auth: false;
    form: false;
    file: false;
  };
  listMarketplacePurchases: {
    method: "GET";
    path: "/marketplace/orders";
    params: never;
    query: { limit?: number; cursor?: string };
    body: never;
    answer: TMarketplacePurchasePage;
    auth: true;
    form: false;
    file: false;
  };
  getMarketplacePurchase: {
    method: "GET";
    path: "/marketplace/orders/{id}";
    params: { id: string };
    query: never;
    body: never;
    answer: TMarketplacePurchase;
    auth: true;
    form: false;
    file: false;
  };
  listStations: {
    method: "GET";
    path: "/stations";
    params: never;
    query: {
      limit?: number;
      cursor?: string;
      city?: string;
      status?: "online" | "offline" | "maintenance";
      connector?: string;
      feature?: string;
    };
    body: never;
    answer: TStationPage;
    auth: false;
    form: false;
    file: false;
  };
  getStation: {
    method: "GET";
    path: "/stations/{slug}";
    params: { slug: string };
    query: never;
    body: never;
    answer: TStationDetail;
    auth: false;
    form: false;
    file: false;
  };
  pinLogin: {
    method: "POST";
    path: "/auth/pin-login";
    params: never;
    query: never;
    body: TPinLoginRequest;
    answer: TDriverSignedIn;
    auth: false;
    form: false;
    file: false;
  };
  pinLogout: {
    method: "POST";
    path: "/auth/pin-logout";
    params: never;
    query: never;
    body: TPinLogoutRequest;
    answer: TPinSignedOut;
    auth: true;
    form: false;
    file: false;
  };
  getDriverAccount: {
    method: "GET";
    path: "/zavcharge/account";
    params: never;
    query: never;
    body: never;
    answer: TDriverAccount;
    auth: true;
    form: false;
    file: false;
  };
  getDriverActivity: {
    method: "GET";
    path: "/zavcharge/activity";
    params: never;
    query: never;
    body: never;
    answer: TDriverActivity;
    auth: true;
    form: false;
    file: false;
  };
  startCharging: {
    method: "POST";
    path: "/zavcharge/charging/start";
    params: never;
    query: never;
    body: TStartCharging;
    answer: TChargingStarted;
    auth: true;
    form: false;
    file: false;
  };
  stopCharging: {
    method: "POST";
    path: "/zavcharge/charging/stop";
    params: never;
    query: never;
    body: TStopCharging;
    answer: TChargingStopped;
    auth: true;
    form: false;
    file: false;
  };
  listWalletLedger: {
    method: "GET";
    path: "/zavcharge/ledger";
    params: never;
    query: { limit?: number; cursor?: string };
    body: never;
    answer: TLedgerPage;
    auth: true;
    form: false;
    file: false;
  };
  listChargingSessions: {
    method: "GET";
    path: "/zavcharge/sessions";
    params: never;
    query: { limit?: number; cursor?: string };
    body: never;
    answer: TSessionPage;
    auth: true;
    form: false;
    file: false;
  };
  getChargingSession: {
    method: "GET";
    path: "/zavcharge/sessions/{id}";
    params: { id: string };
    query: never;
    body: never;
    answer: TChargingSession;
    auth: true;
    form: false;
    file: false;
  };
  getStatement: {
    method: "GET";
    path: "/zavcharge/statement";
    params: never;
    query: never;
    body: never;
    answer: TStatement;
    auth: true;
    form: false;
    file: false;
  };
  getStatementPdf: {
    method: "GET";
    path: "/zavcharge/statement.pdf";
    params: never;
    query: never;
    body: never;
    answer: unknown;
    auth: true;
    form: false;
    file: true;
  };
  getMonthlyStatement: {
    method: "GET";
    path: "/zavcharge/statements/{month}";
    params: { month: string };
    query: never;
    body: never;
    answer: TStatement;
    auth: true;
    form: false;
    file: false;
  };
  sendSyncEvents: {
    method: "POST";
    path: "/sync/events";
    params: never;
    query: never;
    body: TSyncBatch;
    answer: TSyncAccepted;
    auth: true;
    form: false;
    file: false;
  };
  listSyncEvents: {
    method: "GET";
    path: "/sync/events";
    params: never;
    query: { after?: number; limit?: number };
    body: never;
    answer: TSyncEventPage;
    auth: true;
    form: false;
    file: false;
  };
  createPairingCode: {
    method: "POST";
    path: "/devices/pairing-codes";
    params: never;
    query: never;
    body: TPairingCodeRequest;
    answer: TPairingCode;
    auth: true;
    form: false;
    file: false;
  };
  pairDevice: {
    method: "POST";
    path: "/devices/pair";
    params: never;
    query: never;
    body: TDevicePairRequest;
    answer: TPairedDevice;
    auth: false;
    form: false;
    file: false;
  };
  sendDeviceCommand: {
    method: "POST";
    path: "/devices/{id}/commands";
    params: { id: string };
    query: never;
    body: TDeviceCommandRequest;
    answer: TDeviceCommandSent;
    auth: true;
    form: false;
    file: false;
  };
  getPairedDevice: {
    method: "GET";
    path: "/device";
    params: never;
    query: never;
    body: never;
    answer: TDeviceSelf;
    auth: true;
    form: false;
    file: false;
  };
  reportDeviceStatus: {
    method: "POST";
    path: "/device/status";
    params: never;
    query: never;
    body: TDeviceStatusReport;
    answer: TStatusReported;
    auth: true;
    form: false;
    file: false;
  };
  listDeviceCommands: {
    method: "GET";
    path: "/device/commands";
    params: never;
    query: { after?: number };
    body: never;
    answer: TDeviceCommands;
    auth: true;
    form: false;
    file: false;
  };
};

/** Where each operation is: the client needs it at run time. */
export const OPERATIONS = {
  getHealth: { method: "GET", path: "/health", auth: false, form: false, file: false },
  login: { method: "POST", path: "/auth/login", auth: false, form: false, file: false },
  register: { method: "POST", path: "/auth/register", auth: false, form: false, file: false },
  refresh: { method: "POST", path: "/auth/refresh", auth: false, form: false, file: false },
  logout: { method: "POST", path: "/auth/logout", auth: true, form: false, file: false },
  sync: { method: "POST", path: "/auth/sync", auth: true, form: false, file: false },
  getProfile: { method: "GET", path: "/me", auth: true, form: false, file: false },
  listDevices: { method: "GET", path: "/devices", auth: true, form: false, file: false },
  removeDevice: { method: "DELETE", path: "/devices/{id}", auth: true, form: false, file: false },
  listProducts: { method: "GET", path: "/products", auth: false, form: false, file: false },
  getProduct: { method: "GET", path: "/products/{slug}", auth: false, form: false, file: false },
  listOrders: { method: "GET", path: "/orders", auth: true, form: false, file: false },
  getOrder: { method: "GET", path: "/orders/{number}", auth: true, form: false, file: false },
  getOrderReceipt: { method: "GET", path: "/orders/{number}/receipt.pdf", auth: true, form: false, file: true },
  getCart: { method: "GET", path: "/cart", auth: true, form: false, file: false },
  addToCart: { method: "POST", path: "/cart/items", auth: true, form: false, file: false },
  removeFromCart: { method: "DELETE", path: "/cart/items/{variantId}", auth: true, form: false, file: false },
  addCourseToCart: { method: "POST", path: "/cart/courses", auth: true, form: false, file: false },
  removeCourseFromCart: { method: "DELETE", path: "/cart/courses/{intakeId}", auth: true, form: false, file: false },
  checkout: { method: "POST", path: "/checkout", auth: true, form: false, file: false },
  listNotifications: { method: "GET", path: "/notifications", auth: true, form: false, file: false },
  markNotificationRead: { method: "POST", path: "/notifications/{id}/read", auth: true, form: false, file: false },
  markAllNotificationsRead: { method: "POST", path: "/notifications/read-all", auth: true, form: false, file: false },
  getNotificationPreferences: { method: "GET", path: "/notifications/preferences", auth: true, form: false, file: false },
  updateNotificationPreferences: { method: "POST", path: "/notifications/preferences", auth: true, form: false, file: false },
  listCourses: { method: "GET", path: "/courses", auth: false, form: false, file: false },
  getLearning: { method: "GET", path: "/learning", auth: true, form: false, file: false },
  getLesson: { method: "GET", path: "/courses/{slug}/lessons/{lessonSlug}", auth: true, form: false, file: false },
  completeLesson: { method: "POST", path: "/courses/{slug}/lessons/{lessonSlug}/complete", auth: true, form: false, file: false },
  getCourse: { method: "GET", path: "/courses/{slug}", auth: false, form: false, file: false },
  enrolInFreeCourse: { method: "POST", path: "/courses/{slug}/enrol", auth: true, form: false, file: false },
  submitQuiz: { method: "POST", path: "/courses/{slug}/lessons/{lessonSlug}/quiz", auth: true, form: false, file: false },
  listAssignments: { method: "GET", path: "/assignments", auth: true, form: false, file: false },
  getAssignment: { method: "GET", path: "/courses/{slug}/assignments/{assignmentId}", auth: true, form: false, file: false },
  submitAssignment: { method: "POST", path: "/courses/{slug}/assignments/{assignmentId}/submission", auth: true, form: true, file: false },
  getCertificatePdf: { method: "GET", path: "/certificates/{code}/pdf", auth: true, form: false, file: true },
  listMarketplaceListings: { method: "GET", path: "/marketplace/listings", auth: false, form: false, file: false },
  getMarketplaceListing: { method: "GET", path: "/marketplace/listings/{slug}", auth: false, form: false, file: false },
  listMarketplacePurchases: { method: "GET", path: "/marketplace/orders", auth: true, form: false, file: false },
  getMarketplacePurchase: { method: "GET", path: "/marketplace/orders/{id}", auth: true, form: false, file: false },
  listStations: { method: "GET", path: "/stations", auth: false, form: false, file: false },
  getStation: { method: "GET", path: "/stations/{slug}", auth: false, form: false, file: false },
  pinLogin: { method: "POST", path: "/auth/pin-login", auth: false, form: false, file: false },
  pinLogout: { method: "POST", path: "/auth/pin-logout", auth: true, form: false, file: false },
  getDriverAccount: { method: "GET", path: "/zavcharge/account", auth: true, form: false, file: false },
  getDriverActivity: { method: "GET", path: "/zavcharge/activity", auth: true, form: false, file: false },
  startCharging: { method: "POST", path: "/zavcharge/charging/start", auth: true, form: false, file: false },
  stopCharging: { method: "POST", path: "/zavcharge/charging/stop", auth: true, form: false, file: false },
  listWalletLedger: { method: "GET", path: "/zavcharge/ledger", auth: true, form: false, file: false },
  listChargingSessions: { method: "GET", path: "/zavcharge/sessions", auth: true, form: false, file: false },
  getChargingSession: { method: "GET", path: "/zavcharge/sessions/{id}", auth: true, form: false, file: false },
  getStatement: { method: "GET", path: "/zavcharge/statement", auth: true, form: false, file: false },
  getStatementPdf: { method: "GET", path: "/zavcharge/statement.pdf", auth: true, form: false, file: true },
  getMonthlyStatement: { method: "GET", path: "/zavcharge/statements/{month}", auth: true, form: false, file: false },
  sendSyncEvents: { method: "POST", path: "/sync/events", auth: true, form: false, file: false },
  listSyncEvents: { method: "GET", path: "/sync/events", auth: true, form: false, file: false },
  createPairingCode: { method: "POST", path: "/devices/pairing-codes", auth: true, form: false, file: false },
  pairDevice: { method: "POST", path: "/devices/pair", auth: false, form: false, file: false },
  sendDeviceCommand: { method: "POST", path: "/devices/{id}/commands", auth: true, form: false, file: false },
  getPairedDevice: { method: "GET", path: "/device", auth: true, form: false, file: false },
  reportDeviceStatus: { method: "POST", path: "/device/status", auth: true, form: false, file: false },
  listDeviceCommands: { method: "GET", path: "/device/commands", auth: true, form: false, file: false },
} as const;
