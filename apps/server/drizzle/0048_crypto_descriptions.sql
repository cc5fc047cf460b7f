-- Crypto systems are credited when their provider reports the payment final, not after a count of ours:
-- the seeded descriptions say so (those staff edited stay as they are).
UPDATE "payment_systems" SET "description" = replace("description", 'credited after 3 confirmations', 'credited once the network confirms the payment')
WHERE "id" IN (13, 32, 35) AND "description" LIKE '%; credited after 3 confirmations';
