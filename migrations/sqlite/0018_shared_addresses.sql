-- The accounts that signed in from one client (IPv4 address or IPv6 /64)
-- lately: many of them mark an address shared by many people (a campus, a
-- mobile carrier's NAT), whose registration and e-mail limits are raised
-- (`auth::limits::SHARED_ADDRESS_ACCOUNTS`). Looked up per client on
-- those requests, so indexed by client and time.
-- Same meaning as ../postgres/0018_shared_addresses.sql.

CREATE INDEX known_clients_by_client ON known_clients (client_key, last_success_at);
