-- The organization's own sign-in page, where the portal sends people to sign in by single sign-on
-- (with the page to come back to as return_to); none until an Admin sets it.
ALTER TABLE portals ADD COLUMN sign_in_url TEXT;
