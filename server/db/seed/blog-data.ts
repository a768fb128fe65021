// Demo blog posts: five published over the last months and one draft. Plain text, blank lines between paragraphs.

export type TDemoPost = {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  /** A demo account's e-mail when the author has one, so the post links to that user. */
  authorEmail: string | null;
  author: string;
  tags: string[];
  status: "published" | "draft";
  /** Days before the seed ran. */
  daysAgo: number;
};

/** The first post: the route walks open it as their sample of /blog/:slug. */
export const SAMPLE_POST_SLUG = "how-to-size-an-inverter-for-nepa-outages-in-ibadan";
export const DRAFT_POST_SLUG = "planning-a-solar-borehole-for-your-estate";

export const DEMO_POSTS: TDemoPost[] = [
  {
    slug: SAMPLE_POST_SLUG,
    title: "How to size an inverter for NEPA outages in Ibadan",
    excerpt:
      "Before you pay for a 5kVA inverter, list what must stay on when the light goes. Our Bodija team walks through the sums for a typical three-bedroom flat.",
    content: `Most of the inverter systems we are called to fix in Ibadan were not faulty when they were bought. They were sized by guesswork: "my neighbour has 3.5kVA, so I will take 3.5kVA". When the grid goes off for eight or ten hours, that guess shows.

Start with a list of what must stay on during an outage, not everything in the house. For a typical three-bedroom flat in Bodija that is lighting (about 150 W with LED bulbs), two standing fans (140 W), a 43-inch television and decoder (120 W), a fridge (150 W running, with a start-up surge of three to four times that), Wi-Fi router and phone charging (40 W). That is roughly 600 W of running load.

Now add the surge. A fridge or freezer compressor pulls a large current for a second when it starts. The inverter must handle that peak without tripping, so we size for about twice the running load: here, a 1.5kVA to 2kVA inverter is comfortable. Pumping machines and air conditioners change everything; if you want the AC on at night, we are talking 5kVA and a much bigger battery bank.

The inverter decides how much you can run at once. The battery decides for how long. 600 W for 10 hours is 6 kWh. A 5 kWh lithium battery used to 90% gives about 4.5 kWh, so either trim the night load (switch off the television at midnight, keep the fans) or add a second battery.

Finally, plan how the batteries get charged. If NEPA gives you four hours of light a day, the grid alone will not refill 6 kWh reliably. Four 450 W panels on the roof change that. Our Ibadan office does a free load survey: we walk through the house with you, write the list, and show the sums before you spend a naira.`,
    featuredImage: "/images/blog/inverter-sizing.svg",
    authorEmail: "staff@zavolah.ng",
    author: "Tunde Bakare",
    tags: ["inverters", "solar", "ibadan"],
    status: "published",
    daysAgo: 9,
  },
  {
    slug: "lithium-or-tubular-batteries-which-lasts-longer-in-nigerian-heat",
    title: "Lithium or tubular batteries: which lasts longer in Nigerian heat?",
    excerpt:
      "Tubular batteries cost less on day one. Lithium costs less per year. We compare cycle life, depth of discharge and what heat does to both.",
    content: `Every week someone asks us whether lithium is worth the extra money. The honest answer is: it depends on how often your batteries work, and how hot the room is where they live.

A good tubular lead-acid battery gives about 1,200 to 1,500 cycles if you only use half of its capacity each night. Go deeper, to 80%, and the number falls below 600. In a house where the grid fails every day, that is two years, sometimes less.

A lithium iron phosphate (LiFePO4) battery is rated for 6,000 cycles at 80% depth of discharge. It needs no topping up with distilled water, it does not give off gas, and it can be mounted on a wall inside the house. It also charges faster, which matters when the grid only comes for a few hours.

Heat shortens the life of both. Every 10 degrees above 25 °C roughly halves a lead-acid battery's life; lithium is more tolerant but still suffers. Keep batteries out of the sun and away from the generator house, with air around them.

Do the sums per year, not per purchase. A 5 kWh lithium bank at about ₦1.45 million lasting ten years costs far less per year than tubular batteries replaced every two to three. If you are on a tight budget today, tubular still makes sense; just size the bank so you rarely go below half.`,
    featuredImage: "/images/blog/battery-comparison.svg",
    authorEmail: null,
    author: "Ngozi Umeh",
    tags: ["batteries", "lithium", "maintenance"],
    status: "published",
    daysAgo: 27,
  },
  {
    slug: "smart-furniture-for-a-lekki-studio-flat",
    title: "Smart furniture for a Lekki studio flat",
    excerpt:
      "A wall bed that becomes a desk, a sofa that splits into two chairs: how we turned a 28 square metre studio in Lekki Phase 1 into a bedroom, office and living room.",
    content: `Rent in Lekki Phase 1 means many young professionals live in studios of 25 to 30 square metres. One of our clients, a software developer who works from home, asked us for a bedroom, an office and a place to host friends, all in one room.

We started with the bed, because a queen bed takes a quarter of the floor. A fold-away wall bed with a built-in desk gives that floor back during the day. At night the desk folds under the bed frame, with the laptop and papers still on it.

The sofa is a detachable three-seater: two armchairs and an ottoman during the week, one long sofa when guests come. USB-C charging points in the arms mean no extension boxes across the floor.

Storage went up, not out. Shelving above the wall bed and a tall wardrobe with a mirror door make the room feel larger and keep the floor clear.

Because power cuts are frequent, the desk and charging points run from a small 1kVA inverter with a lithium battery hidden inside the wardrobe base. Work continues when the light goes. Visit our Lagos showroom on Admiralty Way to try the wall bed yourself.`,
    featuredImage: "/images/blog/smart-studio.svg",
    authorEmail: "admin@zavolah.ng",
    author: "Adaeze Okonkwo",
    tags: ["smart-furniture", "lagos", "small-spaces"],
    status: "published",
    daysAgo: 48,
  },
  {
    slug: "solar-power-for-a-clinic-in-osogbo",
    title: "Solar power for a clinic in Osogbo",
    excerpt:
      "Vaccine fridges cannot wait for NEPA. How we designed a 10kVA solar system that keeps a 12-bed clinic in Osogbo running through the night.",
    content: `When a community clinic in Oke-Fia, Osogbo, asked us for help, its diesel generator was running fourteen hours a day and fuel was eating the budget meant for drugs.

We began by separating critical loads from the rest. The vaccine fridge, the delivery room lights, the oxygen concentrator and the nurses' station must never go off. Air conditioning in the offices can wait for daylight or the grid.

The final design is a 10kVA hybrid inverter, 24 panels of 450 W on the roof and 20 kWh of lithium storage. Critical loads sit on their own circuit, so even on a cloudy week they keep running while the rest of the building sheds load automatically.

The generator is still there, but now it starts only when the batteries fall below 20% and the sun is not enough. In the first three months it ran for less than forty hours in total.

A system like this is only as good as its maintenance. Our Osogbo technicians visit every quarter to clean panels, check connections and read the battery logs, and the clinic's staff can see the system's state on a phone. If you run a clinic, school or church and want the same, book a consultation and we will survey the site.`,
    featuredImage: "/images/blog/solar-clinic.svg",
    authorEmail: null,
    author: "Engr. Kunle Ajayi",
    tags: ["solar", "healthcare", "osogbo"],
    status: "published",
    daysAgo: 76,
  },
  {
    slug: "zavcharge-solar-ev-charging-comes-to-lagos-and-ibadan",
    title: "ZavCharge: solar EV charging comes to Lagos and Ibadan",
    excerpt:
      "Our first solar-powered charging stations are open in Lekki, Ikeja GRA, Bodija and Oke-Fia. Here is how charging, pricing per kWh and top-ups work.",
    content: `Electric cars are still few on Nigerian roads, but the number grows every month, and so does the question their owners ask: where do I charge when the grid is off?

ZavCharge stations answer that with the sun. Each station has a solar canopy over the parking bays and a battery buffer, so cars charge from clean power day and night, with the grid only as a backup.

The first four stations are open: Lekki Phase 1 and Ikeja GRA in Lagos, Bodija in Ibadan and Oke-Fia in Osogbo. Lekki has six charging slots and a café; the others have three or four.

You pay per kilowatt-hour, from a prepaid ZavCharge balance that you top up by card or transfer. Prices start at ₦210 per kWh in Osogbo. A typical city car takes 30 to 40 kWh for a full charge.

Fleet operators and estates can also host a station. If you manage a car park, an estate or a filling station and want to add solar charging, our team will assess the site and the expected demand with you.`,
    featuredImage: "/images/blog/ev-charging.svg",
    authorEmail: null,
    author: "Dr. Musa Abdullahi",
    tags: ["zavcharge", "ev-charging", "solar"],
    status: "published",
    daysAgo: 112,
  },
  {
    slug: DRAFT_POST_SLUG,
    title: "Planning a solar borehole for your estate",
    excerpt:
      "Pumping water with diesel is the biggest running cost in many estates. What a solar borehole needs: pump, panels, tank height and a controller.",
    content: `Draft: outline for the estates guide.

Pump size from the daily water need and the borehole depth. Panel array sized for the pump, not for the house. Tank on a tower so water flows at night without a battery.

To do: get figures from the Ibadan team's last two installations before publishing.`,
    featuredImage: "/images/blog/solar-home.svg",
    authorEmail: "staff@zavolah.ng",
    author: "Tunde Bakare",
    tags: ["solar", "water", "estates"],
    status: "draft",
    daysAgo: 2,
  },
];
