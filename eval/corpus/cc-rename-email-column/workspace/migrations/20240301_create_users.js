exports.up = (knex) =>
  knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.text('email').notNullable().unique();
    t.text('display_name');
    t.timestamps(true, true);
  });

exports.down = (knex) => knex.schema.dropTable('users');
