// GENERATED from deploy/topology.json by `npm run topology:generate` — edit the topology, not this file.

/** Every process of the topology: its port, its database and its URL on the local host. Services' config defaults. */
export const TOPOLOGY = {
  "google-sim": {
    "port": 8109,
    "localUrl": "http://127.0.0.1:8109"
  },
  "payments-sim": {
    "port": 8110,
    "localUrl": "http://127.0.0.1:8110"
  },
  "mail-sim": {
    "port": 8111,
    "localUrl": "http://127.0.0.1:8111"
  },
  "identity": {
    "port": 8101,
    "database": "genui_identity",
    "localUrl": "http://127.0.0.1:8101"
  },
  "apps": {
    "port": 8102,
    "database": "genui_apps",
    "localUrl": "http://127.0.0.1:8102"
  },
  "billing": {
    "port": 8103,
    "database": "genui_billing",
    "localUrl": "http://127.0.0.1:8103"
  },
  "generation": {
    "port": 8104,
    "database": "genui_generation",
    "localUrl": "http://127.0.0.1:8104"
  },
  "gen-worker": {
    "port": 8105,
    "database": "genui_generation",
    "localUrl": "http://127.0.0.1:8105"
  },
  "bff": {
    "port": 8080,
    "localUrl": "http://127.0.0.1:8080"
  }
} as const;

/** The public URL of the local platform. */
export const LOCAL_PUBLIC_URL = "http://127.0.0.1:8080";
