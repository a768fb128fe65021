import type { TCourseCategory, TCourseLevel } from "@domain/academy/academy";

// The academy's demo courses: what Zavolah teaches installers, carpenters, technicians and sales people.

export type TSeedLesson = {
  slug: string;
  title: string;
  minutes: number;
  body: string;
  /** A video under public/videos (name without extension); lessons without one are text only. */
  video?: "academy-solar-basics" | "academy-energy-storage" | "academy-smart-furniture";
  preview?: boolean;
  quiz?: { passMarkPct: number; maxAttempts: number | null; questions: { prompt: string; options: string[]; correct: number }[] };
};

export type TSeedCourse = {
  slug: string;
  title: string;
  summary: string;
  description: string;
  category: TCourseCategory;
  level: TCourseLevel;
  durationWeeks: number;
  hoursPerWeek: number;
  priceKobo: number;
  instructorName: string;
  instructorTitle: string;
  instructorBio: string;
  outcomes: string[];
  /** Days from today to each intake's start; the deadline is `closesInDays` from today. */
  intakes: {
    startsInDays: number;
    closesInDays: number;
    capacity: number | null;
    live?: { title: string; inDays: number; hour: number; place: string }[];
  }[];
  modules: { title: string; lessons: TSeedLesson[] }[];
  assignments: { title: string; instructions: string; maxScore: number; passScore: number; dueDaysAfterStart: number }[];
};

const SAFETY_QUIZ = {
  passMarkPct: 70,
  maxAttempts: null,
  questions: [
    {
      prompt: "Before you touch the DC side of a solar array, what must you do first?",
      options: [
        "Cover the panels or isolate the array and test for voltage",
        "Switch off the inverter display",
        "Disconnect the AC loads only",
      ],
      correct: 0,
    },
    {
      prompt: "Which cable size carries 40 A from a 24 V battery bank with the least voltage drop over 3 m?",
      options: ["1.5 mm²", "4 mm²", "16 mm²"],
      correct: 2,
    },
    {
      prompt: "Where should a lead-acid battery bank be installed?",
      options: [
        "In a sealed cupboard in the bedroom",
        "In a ventilated space away from sparks and heat",
        "Directly on the roof beside the panels",
      ],
      correct: 1,
    },
  ],
};

const SIZING_QUIZ = {
  passMarkPct: 70,
  maxAttempts: 3,
  questions: [
    {
      prompt: "A home uses 4.8 kWh a day. With 5 peak sun hours and 20 % losses, about how much panel power is needed?",
      options: ["600 W", "1.2 kW", "4.8 kW"],
      correct: 1,
    },
    {
      prompt: "A 48 V lithium bank of 100 Ah at 90 % depth of discharge gives about how much usable energy?",
      options: ["4.3 kWh", "2.4 kWh", "9.6 kWh"],
      correct: 0,
    },
    {
      prompt: "Why size an inverter above the largest expected load?",
      options: ["To charge batteries faster", "To handle motor start-up surges such as pumps and fridges", "To reduce panel count"],
      correct: 1,
    },
  ],
};

const lesson = (slug: string, title: string, minutes: number, body: string, extra: Partial<TSeedLesson> = {}): TSeedLesson => ({
  slug,
  title,
  minutes,
  body,
  ...extra,
});

export const DEMO_ACADEMY: TSeedCourse[] = [
  {
    slug: "solar-installation-fundamentals",
    title: "Solar Installation Fundamentals",
    summary: "Size, install and commission a safe home solar system, from site survey to handover.",
    description:
      "A hands-on course for electricians and technicians who want to install solar properly. You will survey a site, read a load list, choose panels, inverter and batteries, mount and wire them to code, and commission the system with the customer.\n\nClasses mix short videos, worked examples from installations in Lagos and Ibadan, and a practical day at our Osogbo training yard.",
    category: "solar",
    level: "beginner",
    durationWeeks: 6,
    hoursPerWeek: 4,
    priceKobo: 7_500_000,
    instructorName: "Engr. Kunle Ajayi",
    instructorTitle: "Lead installation engineer, Zavolah",
    instructorBio:
      "Kunle has designed and installed more than 400 residential and commercial solar systems across the South West since 2014.",
    outcomes: [
      "Carry out a site survey and a load assessment",
      "Choose panels, inverter, batteries and cables for a home",
      "Mount, wire and earth a system safely",
      "Commission the system and hand it over to the customer",
    ],
    intakes: [
      {
        startsInDays: 12,
        closesInDays: 9,
        capacity: 30,
        live: [{ title: "Practical day: mounting and wiring", inDays: 26, hour: 9, place: "Zavolah training yard, Oke-Fia, Osogbo" }],
      },
      { startsInDays: 54, closesInDays: 50, capacity: 30 },
    ],
    modules: [
      {
        title: "Safety and site survey",
        lessons: [
          lesson(
            "how-solar-works",
            "How a home solar system works",
            12,
            "## The four parts\n\nEvery home system has **panels** that make DC power, a **charge controller** (often inside the inverter), **batteries** that store it, and an **inverter** that turns it into the 230 V AC your appliances use.\n\n- Panels are rated in watts at standard test conditions.\n- Batteries are rated in amp-hours at a voltage: multiply them to get watt-hours.\n- The inverter's rating is the most power it can deliver at once.\n\nWatch the video, then read the notes below before the next lesson.",
            { video: "academy-solar-basics", preview: true },
          ),
          lesson(
            "working-safely",
            "Working safely on DC and AC",
            15,
            "## Isolate, test, then touch\n\nDC from panels cannot be switched off by the sun going behind a cloud. Always isolate the array at the DC isolator, cover the panels if needed, and **test for voltage** before you touch a conductor.\n\n1. Wear insulated gloves and boots.\n2. Never work alone on a roof.\n3. Keep battery terminals covered: a dropped spanner can weld itself across them.",
            { quiz: SAFETY_QUIZ },
          ),
          lesson(
            "site-survey",
            "The site survey",
            18,
            "## What to record\n\n- Roof direction, pitch and shading from trees, tanks and neighbouring buildings\n- Where the inverter and batteries will live (ventilation, dust, children)\n- The distribution board and the appliances on each circuit\n- The customer's generator and grid hours\n\nUse the survey sheet in the resources.",
          ),
        ],
      },
      {
        title: "Sizing and installation",
        lessons: [
          lesson(
            "load-assessment",
            "Load assessment and sizing",
            20,
            "## From appliances to kilowatt-hours\n\nList each appliance, its power and the hours it runs. Sum the watt-hours for a day, add 20 % for losses, and divide by peak sun hours (about 5 in most of Nigeria) to get the panel power.",
            { quiz: SIZING_QUIZ },
          ),
          lesson(
            "mounting-and-wiring",
            "Mounting and wiring",
            25,
            "## Rails, clamps and cable runs\n\nFix rails to rafters, not to roofing sheets alone. Keep DC cable runs short, in UV-resistant conduit, and label both ends. Earth the frames and the inverter.",
          ),
          lesson(
            "commissioning",
            "Commissioning and handover",
            15,
            "## Before you leave site\n\nCheck open-circuit voltage per string, polarity, inverter settings for the battery type, and that the customer knows how to read the display and whom to call.",
          ),
        ],
      },
    ],
    assignments: [
      {
        title: "Design a 3 kVA home system",
        instructions:
          "A three-bedroom flat in Ibadan runs 6 ceiling fans, a 300 L fridge, a TV, lights and a 1 hp pumping machine. Write a load list, size the panels, batteries and inverter, and draw the wiring. Upload a PDF or a photo of your drawing.",
        maxScore: 100,
        passScore: 50,
        dueDaysAfterStart: 28,
      },
    ],
  },
  {
    slug: "inverter-and-battery-sizing",
    title: "Inverter and Battery Sizing",
    summary: "Choose the right inverter and battery bank for homes and shops, and avoid the mistakes that kill batteries.",
    description:
      "Most failed solar systems in Nigeria fail at the battery. This course teaches you to size inverters and battery banks for real loads, compare tubular and lithium batteries honestly, and set charge parameters so banks last.",
    category: "storage",
    level: "intermediate",
    durationWeeks: 4,
    hoursPerWeek: 3,
    priceKobo: 5_000_000,
    instructorName: "Ngozi Umeh",
    instructorTitle: "Energy storage specialist",
    instructorBio: "Ngozi leads battery commissioning at Zavolah and trains installers on lithium systems in Lagos and Abuja.",
    outcomes: [
      "Size an inverter for surge and continuous loads",
      "Size a battery bank for the hours of backup a customer needs",
      "Compare tubular lead-acid and lithium iron phosphate on cost per cycle",
      "Set charge parameters that protect the bank",
    ],
    intakes: [{ startsInDays: 8, closesInDays: 2, capacity: 25 }],
    modules: [
      {
        title: "Sizing",
        lessons: [
          lesson(
            "energy-storage-basics",
            "Energy storage basics",
            14,
            "## Capacity, depth of discharge and cycles\n\nA battery's usable energy is its capacity times its voltage times the depth of discharge you allow. Deeper discharge means fewer cycles.",
            { video: "academy-energy-storage", preview: true },
          ),
          lesson(
            "sizing-the-bank",
            "Sizing the battery bank",
            20,
            "## Hours of backup\n\nMultiply the night-time load by the hours of backup, divide by the allowed depth of discharge and the system voltage.",
            { quiz: SIZING_QUIZ },
          ),
        ],
      },
      {
        title: "Keeping batteries alive",
        lessons: [
          lesson(
            "charge-settings",
            "Charge settings by chemistry",
            16,
            "## Bulk, absorption and float\n\nUse the manufacturer's voltages. Lithium banks need the inverter to talk to the battery management system.",
          ),
        ],
      },
    ],
    assignments: [
      {
        title: "Battery bank for a pharmacy",
        instructions:
          "A pharmacy in Kano needs its vaccine fridge and lights on for 14 hours a night. Size the bank in both chemistries and compare the cost per cycle.",
        maxScore: 50,
        passScore: 25,
        dueDaysAfterStart: 21,
      },
    ],
  },
  {
    slug: "smart-furniture-carpentry",
    title: "Smart Furniture Carpentry",
    summary: "Build fold-away beds, convertible sofas and wall desks for small Nigerian apartments.",
    description:
      "Learn the joinery, hardware and finishing behind Zavolah's space-saving furniture. Each module ends with a piece you build in your own workshop, with feedback from our master carpenter.",
    category: "furniture",
    level: "beginner",
    durationWeeks: 5,
    hoursPerWeek: 5,
    priceKobo: 6_000_000,
    instructorName: "Arc. Bisi Olatunji",
    instructorTitle: "Head of furniture design, Zavolah",
    instructorBio: "Bisi trained as an architect in Lagos and has designed furniture for compact homes for ten years.",
    outcomes: ["Read and adapt a furniture drawing", "Fit wall-bed and gas-strut hardware safely", "Finish hardwoods for humid climates"],
    intakes: [{ startsInDays: 20, closesInDays: 16, capacity: 16 }],
    modules: [
      {
        title: "Design for small spaces",
        lessons: [
          lesson(
            "small-space-design",
            "Designing for small spaces",
            12,
            "## One room, three uses\n\nA wall bed turns a bedroom into an office by day. Measure the room, the door swing and the ceiling before you draw.",
            { video: "academy-smart-furniture", preview: true },
          ),
          lesson(
            "hardware",
            "Hinges, struts and wall beds",
            18,
            "## Choosing hardware\n\nMatch gas struts to the panel weight and fix wall beds to masonry with the anchors the maker specifies.",
          ),
        ],
      },
    ],
    assignments: [
      {
        title: "Drawing of a wall desk",
        instructions: "Draw a fold-down wall desk for a 3 m wide room, with dimensions, materials and hardware. Upload a PDF or photo.",
        maxScore: 20,
        passScore: 10,
        dueDaysAfterStart: 14,
      },
    ],
  },
  {
    slug: "ev-charging-for-technicians",
    title: "EV Charging for Technicians",
    summary: "Install, commission and maintain solar-powered EV chargers on the ZavCharge network.",
    description:
      "Electric cars and tricycles are arriving in Lagos and Abuja. This course prepares technicians to install AC chargers, connect them to a solar supply, and keep them running on the ZavCharge network.",
    category: "ev",
    level: "advanced",
    durationWeeks: 8,
    hoursPerWeek: 4,
    priceKobo: 9_000_000,
    instructorName: "Dr. Musa Abdullahi",
    instructorTitle: "ZavCharge network engineer",
    instructorBio: "Musa designed the first ZavCharge stations in Abuja and holds a doctorate in power electronics from ABU Zaria.",
    outcomes: [
      "Choose charger power for a site",
      "Install and earth an AC charger",
      "Commission a charger on the network and read its faults",
    ],
    intakes: [
      {
        startsInDays: 30,
        closesInDays: 25,
        capacity: 12,
        live: [{ title: "Live class: commissioning a charger", inDays: 40, hour: 15, place: "Online (link sent to enrolled students)" }],
      },
    ],
    modules: [
      {
        title: "Chargers and supply",
        lessons: [
          lesson(
            "charger-types",
            "Charger types and connectors",
            15,
            "## AC and DC\n\nType 2 AC chargers deliver up to 22 kW; DC fast chargers bypass the car's onboard charger. Most home and office sites need AC.",
            { preview: true },
          ),
          lesson(
            "solar-supply",
            "Feeding chargers from solar",
            20,
            "## Daytime charging\n\nSchedule charging for the hours the array produces most, and size the battery for evening sessions.",
          ),
        ],
      },
    ],
    assignments: [
      {
        title: "Site plan for an office car park",
        instructions: "Plan two chargers for an office car park in Wuse II: supply, cable route, protection and signage.",
        maxScore: 100,
        passScore: 60,
        dueDaysAfterStart: 42,
      },
    ],
  },
  {
    slug: "selling-solar",
    title: "Selling Solar: Business and Sales",
    summary: "Win customers honestly: quotes, financing, after-sales and growing a solar business in Nigeria.",
    description:
      "For installers who want to grow, and sales people new to solar. Learn to quote clearly, explain payback against generator fuel, offer instalment plans, and keep customers for life with good after-sales.",
    category: "business",
    level: "beginner",
    durationWeeks: 3,
    hoursPerWeek: 2,
    priceKobo: 3_500_000,
    instructorName: "Amaka Nwosu",
    instructorTitle: "Sales manager, Zavolah",
    instructorBio: "Amaka built Zavolah's sales team in Lagos and has closed more than ₦800 million of residential solar.",
    outcomes: ["Write a clear quote", "Compare solar with generator running costs", "Run an after-sales check-in"],
    intakes: [{ startsInDays: 6, closesInDays: 4, capacity: null }],
    modules: [
      {
        title: "Quotes and payback",
        lessons: [
          lesson(
            "generator-vs-solar",
            "Generator or solar: the honest comparison",
            10,
            "## Fuel adds up\n\nA 3.5 kVA generator running 6 hours a day burns about 6 litres of petrol. Compare a year of fuel and servicing with the system price.",
            { preview: true },
          ),
          lesson(
            "writing-a-quote",
            "Writing a quote customers trust",
            12,
            "## Line by line\n\nName every component, its brand and warranty, labour, delivery and VAT.",
          ),
        ],
      },
    ],
    assignments: [],
  },
  {
    slug: "solar-for-homeowners",
    title: "Solar for Homeowners",
    summary: "A free short course: understand your system, read the inverter, and make your batteries last.",
    description:
      "For anyone who owns or is buying a home solar system. In under two hours you will understand what each part does, what the inverter display means, and the simple habits that keep batteries healthy.",
    category: "solar",
    level: "beginner",
    durationWeeks: 1,
    hoursPerWeek: 2,
    priceKobo: 0,
    instructorName: "Engr. Kunle Ajayi",
    instructorTitle: "Lead installation engineer, Zavolah",
    instructorBio:
      "Kunle has designed and installed more than 400 residential and commercial solar systems across the South West since 2014.",
    outcomes: ["Know what each part of your system does", "Read the inverter's display", "Keep batteries healthy"],
    intakes: [{ startsInDays: 2, closesInDays: 60, capacity: null }],
    modules: [
      {
        title: "Your system",
        lessons: [
          lesson(
            "parts-of-your-system",
            "The parts of your system",
            10,
            "## Panels, inverter, batteries\n\nPanels make power in daylight, batteries keep it for the night, and the inverter feeds your sockets.",
            { video: "academy-solar-basics", preview: true },
          ),
          lesson(
            "reading-the-inverter",
            "Reading the inverter",
            8,
            "## The display\n\nLook for battery percentage or voltage, the load in watts, and whether power is coming from solar, grid or battery.",
            {
              quiz: {
                passMarkPct: 50,
                maxAttempts: null,
                questions: [
                  {
                    prompt: "What does the load figure on the inverter show?",
                    options: ["How much power your home is using now", "How full the battery is"],
                    correct: 0,
                  },
                  {
                    prompt: "When is the best time to run a washing machine on solar?",
                    options: ["At midday when panels produce most", "At night from the batteries"],
                    correct: 0,
                  },
                ],
              },
            },
          ),
          lesson(
            "battery-habits",
            "Habits that keep batteries healthy",
            8,
            "## Do not run them flat\n\nKeep heavy loads for sunny hours and let the bank recharge fully at least once a week.",
          ),
        ],
      },
    ],
    assignments: [],
  },
  {
    slug: "solar-water-pumping",
    title: "Solar Water Pumping for Farms",
    summary: "Design and install solar pumps for boreholes and irrigation across the North and Middle Belt.",
    description:
      "Farmers in Kaduna, Plateau and Benue are replacing diesel pumps with solar. Learn to size a pump for head and flow, choose panels without batteries, and protect the borehole.",
    category: "solar",
    level: "intermediate",
    durationWeeks: 4,
    hoursPerWeek: 3,
    priceKobo: 4_500_000,
    instructorName: "Halima Sani",
    instructorTitle: "Agricultural solar engineer",
    instructorBio: "Halima has installed solar irrigation for farming cooperatives in Kaduna and Niger States.",
    outcomes: ["Measure head and flow", "Size a solar pump without batteries", "Protect a borehole pump from dry running"],
    intakes: [{ startsInDays: 35, closesInDays: 30, capacity: 20 }],
    modules: [
      {
        title: "Pumps and sizing",
        lessons: [
          lesson(
            "head-and-flow",
            "Head and flow",
            14,
            "## Total dynamic head\n\nAdd the depth to water, the height to the tank and the pipe losses.",
            { preview: true },
          ),
          lesson(
            "pump-sizing",
            "Sizing the pump and array",
            18,
            "## Water is the battery\n\nStore water in a raised tank instead of energy in batteries.",
          ),
        ],
      },
    ],
    assignments: [
      {
        title: "Irrigation plan for one hectare",
        instructions: "Size a solar pump and array for drip irrigation of one hectare of tomatoes near Zaria.",
        maxScore: 100,
        passScore: 50,
        dueDaysAfterStart: 21,
      },
    ],
  },
  {
    slug: "energy-audits-for-buildings",
    title: "Energy Audits for Buildings",
    summary: "Measure where a building's power goes and recommend savings before anyone buys panels.",
    description:
      "An audit first saves customers money: efficient lighting, inverter air conditioners and load scheduling can halve the system they need. Learn to measure, report and recommend.",
    category: "business",
    level: "advanced",
    durationWeeks: 6,
    hoursPerWeek: 3,
    priceKobo: 8_000_000,
    instructorName: "Engr. Tosin Oyelaran",
    instructorTitle: "Energy auditor",
    instructorBio: "Tosin audits offices, hotels and hospitals for energy savings in Lagos and Port Harcourt.",
    outcomes: ["Plan and carry out a walk-through audit", "Log loads over a week", "Write a savings report a client can act on"],
    intakes: [{ startsInDays: -10, closesInDays: -14, capacity: 20 }],
    modules: [
      {
        title: "Measuring",
        lessons: [
          lesson(
            "walk-through",
            "The walk-through audit",
            15,
            "## Room by room\n\nCount lights, air conditioners, pumps and equipment, and ask when each runs.",
            { preview: true },
          ),
          lesson(
            "logging-loads",
            "Logging loads for a week",
            20,
            "## Clamp meters and loggers\n\nA week of data shows the peaks a walk-through misses.",
          ),
        ],
      },
    ],
    assignments: [],
  },
];

/** Reviews from past students, by the seeded learners below. */
export const DEMO_LEARNERS = [
  { email: "tobi.adebayo@learners.zavolah.ng", name: "Tobi Adebayo" },
  { email: "hauwa.garba@learners.zavolah.ng", name: "Hauwa Garba" },
  { email: "uche.okafor@learners.zavolah.ng", name: "Uche Okafor" },
  { email: "kemi.alabi@learners.zavolah.ng", name: "Kemi Alabi" },
];

export const DEMO_REVIEWS: { course: string; learner: number; rating: number; body: string }[] = [
  {
    course: "solar-installation-fundamentals",
    learner: 0,
    rating: 5,
    body: "The practical day in Osogbo was worth the fee alone. I now install for my own customers in Ogbomoso.",
  },
  {
    course: "solar-installation-fundamentals",
    learner: 1,
    rating: 5,
    body: "Clear lessons and the sizing quiz made me redo my own calculations. Engr. Kunle answers every question.",
  },
  {
    course: "solar-installation-fundamentals",
    learner: 2,
    rating: 4,
    body: "Very practical. I would like one more module on commercial systems.",
  },
  {
    course: "inverter-and-battery-sizing",
    learner: 3,
    rating: 5,
    body: "I stopped killing tubular batteries after this course. The charge settings lesson is gold.",
  },
  {
    course: "inverter-and-battery-sizing",
    learner: 0,
    rating: 4,
    body: "Good comparison of lithium and tubular costs, with real Nigerian prices.",
  },
  {
    course: "smart-furniture-carpentry",
    learner: 2,
    rating: 5,
    body: "I built my first wall bed in week three. The hardware lesson saved me from a costly mistake.",
  },
  { course: "selling-solar", learner: 1, rating: 4, body: "Short and useful. The generator comparison convinces customers every time." },
  {
    course: "solar-for-homeowners",
    learner: 3,
    rating: 5,
    body: "Finally I understand what my inverter is telling me. Free and very clear.",
  },
  { course: "solar-for-homeowners", learner: 0, rating: 4, body: "Simple habits that already made our batteries last longer." },
];
