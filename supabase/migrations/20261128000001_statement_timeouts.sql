-- Every statement of the data API is bounded, as on hosted Supabase: a request without a user
-- (anon) 3 s, a signed-in one (authenticated) 8 s, and PostgREST's own role (authenticator) 8 s,
-- which also bounds what it runs before it switches role. PostgREST applies the impersonated
-- role's settings to each request's transaction, so a costly read is cancelled (57014) instead of
-- holding a connection. The server's own role is left without one: a commit of the rooms' log
-- must never be cut off half way.
--
-- Hosted Supabase already has these values, and its `postgres` may not be allowed to alter them:
-- then they stay as the platform set them. PGlite stores them but cannot enforce them (it has no
-- timers); there the embedded database's supervisor is the bound.
do $$
begin
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
  alter role authenticator set statement_timeout = '8s';
exception when insufficient_privilege then
  raise notice 'statement timeouts left as the platform set them: %', sqlerrm;
end $$;
