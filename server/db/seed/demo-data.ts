// Demo data that reads like the business: Nigerian names, cities and naira prices (in kobo).

export const DEMO_PASSWORD = "Zavolah2026!";

export const DEMO_USERS = [
  { email: "admin@zavolah.ng", name: "Adaeze Okonkwo", role: "admin", phone: "+2348031234567", department: "Management", capabilities: [] },
  { email: "staff@zavolah.ng", name: "Tunde Bakare", role: "staff", phone: "+2348052345678", department: "Sales", capabilities: [] },
  { email: "customer@zavolah.ng", name: "Chidinma Eze", role: "customer", phone: "+2348063456789", department: null, capabilities: [] },
  { email: "seller@zavolah.ng", name: "Ibrahim Musa", role: "customer", phone: "+2347014567890", department: null, capabilities: ["seller"] },
  { email: "student@zavolah.ng", name: "Funmilayo Adeyemi", role: "customer", phone: "+2348095678901", department: null, capabilities: ["student"] },
  { email: "investor@zavolah.ng", name: "Emeka Obi", role: "customer", phone: "+2349026789012", department: null, capabilities: ["investor"] },
  { email: "architect@zavolah.ng", name: "Zainab Bello", role: "customer", phone: "+2348137890123", department: null, capabilities: ["architect"] },
] as const;

export const DEMO_STAFF_CODES = [{ code: "ZAV-SALES-2026", department: "Sales", note: "Demo code for the sales team" }];

export const DEMO_COURSES = [
  { slug: "solar-installation-fundamentals", title: "Solar Installation Fundamentals", description: "Size, install and commission a residential solar system safely.", priceKobo: 7_500_000, duration: "6 weeks", level: "Beginner", instructor: "Engr. Kunle Ajayi", rating: "4.8" },
  { slug: "inverter-and-battery-maintenance", title: "Inverter and Battery Maintenance", description: "Diagnose faults, maintain lithium and lead-acid banks and extend system life.", priceKobo: 5_000_000, duration: "4 weeks", level: "Intermediate", instructor: "Ngozi Umeh", rating: "4.7" },
  { slug: "smart-furniture-design", title: "Smart Furniture Design for Small Spaces", description: "Design space-saving, multi-function furniture for Nigerian apartments.", priceKobo: 6_000_000, duration: "5 weeks", level: "Beginner", instructor: "Arc. Bisi Olatunji", rating: "4.9" },
  { slug: "ev-charging-infrastructure", title: "EV Charging Infrastructure", description: "Plan, install and operate solar-powered EV charging stations.", priceKobo: 9_000_000, duration: "8 weeks", level: "Advanced", instructor: "Dr. Musa Abdullahi", rating: "4.6" },
];

export const DEMO_STATIONS = [
  { slug: "lekki-phase-1", name: "ZavCharge Lekki Phase 1", location: "Admiralty Way, Lekki Phase 1, Lagos", latitude: "6.4474", longitude: "3.4720", totalSlots: 6, pricePerKwhKobo: 25_000, features: ["Solar canopy", "Café", "24/7"] },
  { slug: "ikeja-gra", name: "ZavCharge Ikeja GRA", location: "Isaac John Street, Ikeja GRA, Lagos", latitude: "6.5818", longitude: "3.3581", totalSlots: 4, pricePerKwhKobo: 24_000, features: ["Solar canopy", "Security"] },
  { slug: "bodija-ibadan", name: "ZavCharge Bodija", location: "Bodija Market Road, Ibadan, Oyo", latitude: "7.4226", longitude: "3.9122", totalSlots: 4, pricePerKwhKobo: 22_000, features: ["Solar canopy", "Battery buffer"] },
  { slug: "osogbo-oke-fia", name: "ZavCharge Oke-Fia", location: "Oke-Fia, Osogbo, Osun", latitude: "7.7827", longitude: "4.5418", totalSlots: 3, pricePerKwhKobo: 21_000, features: ["Solar canopy"] },
];

/** Service bookings across the country; `inDays` is counted from the day the seed runs (Lagos time). */
export const DEMO_APPOINTMENTS = [
  { reference: "ZAV-SRV-DEMO01", account: "customer@zavolah.ng", name: "Chidinma Eze", email: "customer@zavolah.ng", phone: "+2348063456789", serviceType: "solar-installation", inDays: 10, state: "Lagos", location: "15 Admiralty Way, Lekki Phase 1", notes: "3-bedroom flat on the second floor. We want the freezer and two ACs on at night.", status: "requested", technician: null },
  { reference: "ZAV-SRV-DEMO02", account: "customer@zavolah.ng", name: "Chidinma Eze", email: "customer@zavolah.ng", phone: "+2348063456789", serviceType: "smart-furniture-fitting", inDays: -20, state: "Lagos", location: "15 Admiralty Way, Lekki Phase 1", notes: "Detachable smart sofa delivered last week.", status: "completed", technician: "Segun Ogundipe" },
  { reference: "ZAV-SRV-DEMO03", account: null, name: "Abdullahi Sani", email: "abdullahi.sani@example.ng", phone: "+2348034567812", serviceType: "solar-maintenance", inDays: 3, state: "Kano", location: "7 Zoo Road, Nassarawa GRA", notes: "Inverter beeps at night and the battery drains by 2am.", status: "confirmed", technician: "Engr. Kunle Ajayi" },
  { reference: "ZAV-SRV-DEMO04", account: null, name: "Blessing Okoro", email: "blessing.okoro@example.ng", phone: "+2348127654321", serviceType: "construction", inDays: 21, state: "Rivers", location: "Plot 22, Trans-Amadi Layout, Port Harcourt", notes: "Two-storey office with solar from the start. We have the land survey.", status: "requested", technician: null },
  { reference: "ZAV-SRV-DEMO05", account: null, name: "Dr. Folake Adebayo", email: "folake.adebayo@example.ng", phone: "+2347035551290", serviceType: "consultation", inDays: 6, state: "Oyo", location: "Ring Road, opposite Challenge bus stop, Ibadan", notes: "12-bed clinic. Vaccine fridges and theatre lights must never go off.", status: "requested", technician: null },
  { reference: "ZAV-SRV-DEMO06", account: null, name: "Yusuf Garba", email: "yusuf.garba@example.ng", phone: "+2349051237788", serviceType: "solar-installation", inDays: -5, state: "Federal Capital Territory", location: "Aminu Kano Crescent, Wuse 2, Abuja", notes: null, status: "cancelled", technician: null },
] as const;
